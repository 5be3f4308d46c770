import { readFile, symlink, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { runNode } from '../helpers/run-node.js';
import { testTempDir } from '../helpers/temp-dir.js';

/** The ```js block after README's `<!-- library-example -->` marker, as written there. */
async function readmeExample(): Promise<string> {
  const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const marker = readme.indexOf('<!-- library-example -->');
  expect(marker, 'README has the library example marker').toBeGreaterThan(0);
  const start = readme.indexOf('```js\n', marker) + '```js\n'.length;
  return readme.slice(start, readme.indexOf('\n```', start));
}

describe("README's library example", () => {
  it('runs as written against the built package (dist/) and says what it did', async () => {
    // The example imports 'menusync' as a user's program would: through the package's exports.
    const dir = testTempDir('readme-example');
    await mkdir(path.join(dir, 'node_modules'));
    await symlink(REPO_ROOT, path.join(dir, 'node_modules', 'menusync'), 'dir');
    const file = path.join(dir, 'example.mjs');
    await writeFile(file, await readmeExample());
    // Run from the checkout, as the README says: its paths are the demo fixtures'.
    const { code, stdout, stderr } = await runNode([file], REPO_ROOT);
    expect(code, stderr).toBe(0);
    // Nothing but the example's own lines: the library writes nothing without a reporter.
    expect(stderr).toBe('');
    expect(stdout.trim().split('\n')).toHaveLength(4);
    expect(stdout).toMatch(/^\d+ products, 0 issues$/m);
    expect(stdout).toMatch(/^plan: replace, \d+ products to add$/m);
    expect(stdout).toContain('apply: applied, verified: true');
    expect(stdout).toContain('1 run in the state');
  });
});

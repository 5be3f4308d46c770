import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findPackageRoot, PACKAGE_ROOT } from '../../src/package-root.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { REPO_ROOT } from '../helpers/run-cli.js';

// The core compiled into dist-bench/src/ sits one level deeper than in dist/: it must still find the
// repository's mappings/ (npm run bench once failed with ENOENT on dist-bench/mappings/...).
const run = promisify(execFile);

describe('package root', () => {
  it('is the repository, from the sources', () => {
    expect(PACKAGE_ROOT).toBe(REPO_ROOT);
  });

  it('skips package.json files of other packages on the way up', () => {
    const root = testTempDir('package-root');
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'menusync' }));
    const inner = path.join(root, 'dist-x', 'src', 'mapping');
    mkdirSync(inner, { recursive: true });
    writeFileSync(path.join(root, 'dist-x', 'package.json'), JSON.stringify({ name: 'other' }));
    writeFileSync(path.join(root, 'dist-x', 'src', 'package.json'), '{ not json');
    expect(findPackageRoot(inner)).toBe(root);
  });

  it('is the repository from the bench build too, so shipped mappings resolve there', async () => {
    const loader = path.join(REPO_ROOT, 'dist-bench/src/mapping/loader.js');
    const script = `const m = await import(${JSON.stringify(loader)}); const { file } = await m.resolveMappingFile('loyverse-items'); console.log(JSON.stringify([m.SHIPPED_MAPPINGS_DIR, file]));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT });
    const [dir, file] = JSON.parse(stdout) as [string, string];
    expect(dir).toBe(path.join(REPO_ROOT, 'mappings') + path.sep);
    expect(file).toBe(path.join(REPO_ROOT, 'mappings', 'loyverse-items', 'mapping.yaml'));
  });

  it('npm run bench -- --help prints the usage and exits 0', async () => {
    const bench = path.join(REPO_ROOT, 'dist-bench/bench/run.js');
    const { stdout } = await run(process.execPath, [bench, '--help'], { cwd: REPO_ROOT });
    expect(stdout).toMatch(/^usage: npm run bench -- .*--only /);
  });
});

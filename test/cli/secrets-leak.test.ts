import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuCsv, startWorld, type CliWorld } from '../cli-apply/fixture.js';
import { SECRET_PATTERN } from '../helpers/secrets.js';

/**
 * The CLI's riskiest moments for a leak: auth failures, retries exhausted, a rejected import, and
 * --debug stack traces. Neither the client secret nor any token the sandbox issued may appear in
 * stdout, stderr, or any file the run wrote (reports, run history, snapshot). The suite-wide check in
 * test/global-setup.ts additionally scans the output of every CLI run of every test.
 */
let w: CliWorld;
let input: string;
const outputs: string[] = [];

beforeAll(async () => {
  w = await startWorld();
  input = await w.writeExport('menu.csv', menuCsv(12));
});
afterAll(async () => {
  await w.close();
});

async function run(args: string[], env: Record<string, string> = {}): Promise<number | null> {
  const result = await w.run(args, { env });
  outputs.push(result.stdout, result.stderr);
  return result.code;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return Promise.all(
    entries.filter((e) => e.isFile()).map((e) => readFile(path.join(e.parentPath, e.name), 'utf8')),
  );
}

describe('secrets never leak', () => {
  it('keeps the secret and tokens out of output and written files, whatever goes wrong', async () => {
    expect(
      await run(w.args('apply', input, '--yes', '--debug', '--out-html', 'r.html', '--out-md', 'r.md')),
    ).toBe(0);
    expect(await run(['remote', 'categories', '--json', '--debug'])).toBe(0);

    // Wrong secret in both auth modes: the rejected secret must not be echoed either.
    const wrong = { MENUSYNC_CLIENT_SECRET: 'sbx_cs_0123456789abcdef0123' };
    expect(await run(['remote', 'categories', '--debug'], wrong)).toBe(1);
    expect(await run(['remote', 'categories', '--debug', '--auth', 'headers'], wrong)).toBe(1);

    // Token refused twice, then server errors until the retries run out, then a rejected import.
    w.sandbox.injectFaults([{ kind: 'invalid-token', count: 2 }]);
    expect(await run(['remote', 'categories', '--debug'])).toBe(1);
    w.sandbox.injectFaults([{ kind: 'status', status: 503, count: 5 }]);
    expect(
      await run(['remote', 'categories', '--debug', '--max-attempts', '2', '--max-retry-time', '5']),
    ).toBe(1);
    await writeFile(input, menuCsv(12, 1));
    w.sandbox.injectFaults([
      { kind: 'import-error', message: 'rejected for the test', path: '/menu/import' },
    ]);
    expect(await run(w.args('apply', input, '--yes', '--debug'))).toBe(1);

    const written = await filesUnder(w.dir);
    expect(written.length).toBeGreaterThan(3);
    for (const text of [...outputs, ...written]) {
      expect(text).not.toMatch(SECRET_PATTERN);
      expect(text).not.toContain(w.env.MENUSYNC_CLIENT_SECRET);
      expect(text).not.toMatch(/Bearer\s+\S{8,}/);
    }
  });
});

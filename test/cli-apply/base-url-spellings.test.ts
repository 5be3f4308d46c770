import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spelledTargetKey } from '../../src/state/local/legacy-key.js';
import { targetDir } from '../../src/state/target.js';
import { DEMO_MAPPING, menuCsv, startWorld, type CliWorld } from './fixture.js';

// One platform menu has one identity, however its base URL is spelled: scheme and host case, a
// default or zero-padded port, a trailing slash, an empty query or fragment.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

/** The sandbox URL spelled another way: HTTP://, the port zero-padded, a trailing `/?#`. */
function respelled(): string {
  const url = new URL(w.sandbox.url);
  return `HTTP://${url.hostname}:0${url.port}${url.pathname.replace(/\/$/, '')}/?#`;
}

describe('a base URL spelled another way', () => {
  it('is the same menu for the same-client check of two config targets (exit 2)', async () => {
    await w.writeExport('a.csv', menuCsv(4));
    const target = (name: string, url: string) => [
      `  ${name}:`,
      `    mapping: ${JSON.stringify(DEMO_MAPPING)}`,
      '    inputs: [a.csv]',
      `    base_url: ${JSON.stringify(url)}`,
      `    client_id: ${w.clientId}`,
    ];
    await writeFile(
      path.join(w.dir, 'menusync.config.yaml'),
      ['targets:', ...target('one', w.sandbox.url), ...target('two', respelled())].join('\n'),
    );
    const result = await w.run(['apply', '--target', 'two', '--yes']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/targets "one" and "two" write the same platform menu/);
    expect(w.imports()).toBe(0);
  }, 90_000);

  it('keeps one state folder, one baseline and one spelling in target.json and the reports', async () => {
    const input = await w.writeExport('a.csv', menuCsv(5));
    expect((await w.run(w.args('apply', input, '--yes'))).code).toBe(0);
    const planned = await w.run(w.args('plan', input, '--json'), { env: { MENUSYNC_BASE_URL: respelled() } });
    expect(planned.code, planned.stderr).toBe(0);
    expect(JSON.parse(planned.stdout)).toMatchObject({ mode: 'none', target: { baseUrl: w.sandbox.url } });
    expect(await readdir(w.stateDir)).toEqual([
      path.basename(targetDir(w.stateDir, { baseUrl: w.sandbox.url, clientId: w.clientId })),
    ]);
  }, 90_000);

  it('adopts the state folder an older version keyed by the spelling, with one line on stderr', async () => {
    const input = await w.writeExport('a.csv', menuCsv(5));
    expect((await w.run(w.args('apply', input, '--yes'))).code).toBe(0);
    const identity = { baseUrl: respelled(), clientId: w.clientId };
    const old = path.join(w.stateDir, spelledTargetKey(identity));
    await rename(targetDir(w.stateDir, identity), old);
    await writeFile(path.join(old, 'target.json'), JSON.stringify(identity));
    const planned = await w.run(w.args('plan', input), { env: { MENUSYNC_BASE_URL: respelled() } });
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stderr).toContain(`state: moved ${old} to ${targetDir(w.stateDir, identity)}`);
    expect(planned.stdout).toMatch(/^no changes/m);
  }, 90_000);

  it('leaves a ?token= query out of target.json and the reports', async () => {
    const input = await w.writeExport('a.csv', menuCsv(5));
    const withToken = `${w.sandbox.url}?token=s3cret-query-token`;
    const applied = await w.run(w.args('apply', input, '--yes', '--json'), {
      env: { MENUSYNC_BASE_URL: withToken },
    });
    expect(applied.code, applied.stderr).toBe(0);
    expect(`${applied.stdout}${applied.stderr}`).not.toContain('s3cret-query-token');
    const [folder] = await readdir(w.stateDir);
    expect(await readFile(path.join(w.stateDir, folder!, 'target.json'), 'utf8')).not.toContain('token');
  }, 90_000);
});

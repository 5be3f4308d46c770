import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { menuCsv, startWorld, type CliWorld } from '../cli-apply/fixture.js';
import { runCli } from '../helpers/run-cli.js';
import { writeTargetIdentity } from '../../src/state/target-identity.js';
import { targetDir } from '../../src/state/target.js';

// `plan` needs no credentials; without a target it would show the whole menu as additions.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

/** plan with no target flags and no MENUSYNC_* environment, in the world's folder. */
const planAlone = (input: string, ...more: string[]) =>
  runCli(w.args('plan', input, ...more), { cwd: w.dir });

describe('plan without a named target', () => {
  it('says first that no target is known when the state folder is empty', async () => {
    const input = await w.writeExport('a.csv', menuCsv(3));
    const result = await planAlone(input);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.split('\n')[0]).toMatch(
      /^no target known \(no earlier apply in .*state; pass --target, or --base-url and --client-id\): planning as for a first apply/,
    );
    expect(result.stdout).toMatch(/^\+ 3 categories {2}\+ 3 products/);
  });

  it('uses the only target of the state folder, and says so first', async () => {
    const input = await w.writeExport('a.csv', menuCsv(3));
    expect((await w.run(w.args('apply', input))).code).toBe(0);
    const result = await planAlone(input);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.split('\n')[0]).toBe(
      `target: ${w.sandbox.url}, client ${w.clientId}, pos default (the only target in ${w.stateDir})`,
    );
    expect(result.stdout).toMatch(/^no changes/);
    const changed = await w.writeExport('b.csv', menuCsv(3, 1));
    expect((await planAlone(changed, '--detailed-exitcode')).code).toBe(10);
  });

  it('does not guess when the state folder holds two targets', async () => {
    const input = await w.writeExport('a.csv', menuCsv(3));
    expect((await w.run(w.args('apply', input))).code).toBe(0);
    // A second client's state beside it.
    const other = { baseUrl: w.sandbox.url, clientId: 'other-client', posUid: 'default' };
    await mkdir(targetDir(w.stateDir, other));
    await writeTargetIdentity(targetDir(w.stateDir, other), other);
    const result = await planAlone(input);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.split('\n')[0]).toMatch(/^no target known \(.*state holds 2 targets;/);
    expect(result.stdout).toMatch(/^\+ 3 categories/);
    // Naming the client picks one of them.
    const named = await runCli(w.args('plan', input), { cwd: w.dir, env: w.env });
    expect(named.stdout).toMatch(/^no changes/);
  });

  it('plans another pos_uid of a client against the same baseline: the platform keeps one menu per client', async () => {
    const input = await w.writeExport('a.csv', menuCsv(3));
    expect((await w.run(w.args('apply', input))).code).toBe(0);
    const terrace = await planAlone(input, '--pos-uid', 'terrace');
    expect(terrace.stderr.split('\n')[0]).toBe(
      `target: ${w.sandbox.url}, client ${w.clientId}, pos terrace (the only target in ${w.stateDir})`,
    );
    expect(terrace.stdout).toMatch(/^no changes/);
    const applied = await w.run(w.args('apply', input, '--pos-uid', 'terrace'));
    expect(applied.code, applied.stderr).toBe(0);
    expect(w.imports()).toBe(1);
  });

  it('uses the only target of the config file without --target', async () => {
    const input = await w.writeExport('a.csv', menuCsv(3));
    expect((await w.run(w.args('apply', input))).code).toBe(0);
    await writeFile(
      path.join(w.dir, 'menusync.config.yaml'),
      `targets:\n  shop:\n    mapping: ${w.args('plan', input)[2]}\n    inputs: [a.csv]\n    base_url: ${w.sandbox.url}\n    client_id: ${w.clientId}\n    state_dir: state\n`,
    );
    const result = await runCli(['plan'], { cwd: w.dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.split('\n')[0]).toBe('target: shop (the only target of the config file)');
    expect(result.stdout).toMatch(/^no changes/);
  });
});

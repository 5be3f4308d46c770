import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/state/snapshot.js';
import { targetDir } from '../../src/state/target.js';
import { runCli } from '../helpers/run-cli.js';
import { DEMO_MAPPING, menuCsv, startWorld, type CliWorld } from './fixture.js';

// Where plan and apply keep state when --state is not given: beside the config file.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

const menuOf = (stateDir: string) => targetDir(stateDir, { baseUrl: w.sandbox.url, clientId: w.clientId });

/** A config folder `conf/` with one target and its export, and an unrelated working folder `cron/`. */
async function configElsewhere(
  top: string[] = [],
  inTarget: string[] = [],
): Promise<{ conf: string; cron: string; file: string }> {
  const conf = path.join(w.dir, 'conf');
  const cron = path.join(w.dir, 'cron');
  await mkdir(conf);
  await mkdir(cron);
  await writeFile(path.join(conf, 'a.csv'), menuCsv(4));
  const file = path.join(conf, 'menusync.config.yaml');
  await writeFile(
    file,
    [
      ...top,
      'targets:',
      '  shop:',
      `    mapping: ${JSON.stringify(DEMO_MAPPING)}`,
      '    inputs: [a.csv]',
      `    base_url: ${w.sandbox.url}`,
      `    client_id: ${w.clientId}`,
      ...inTarget,
    ].join('\n'),
  );
  return { conf, cron, file };
}

/** The CLI run in `cwd` (cron's folder, not the config's), with the world's credentials. */
const runIn = (cwd: string, args: string[], env: Record<string, string> = {}) =>
  runCli(args, { cwd, env: { ...w.env, ...env } });

describe('the state folder', () => {
  it('is .menusync/ beside the config file when run from another folder', async () => {
    const { conf, cron, file } = await configElsewhere();
    const applied = await runIn(cron, ['apply', '--config', file, '--target', 'shop']);
    expect(applied.code, applied.stderr).toBe(0);
    const state = path.join(conf, '.menusync');
    expect(applied.stderr).toContain(`state: ${state}\n`);
    expect((await readSnapshot(menuOf(state)))?.menu.products).toHaveLength(4);
    expect(await readdir(cron)).toEqual([]);
    // plan from yet another folder finds the same baseline.
    const planned = await runIn(w.dir, ['plan', '--config', file]);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toMatch(/^no changes/);
  });

  it("is the config's top-level state: (relative to the config file) over the default", async () => {
    const { conf, cron, file } = await configElsewhere(['state: kept']);
    const applied = await runIn(cron, ['apply', '--config', file, '--target', 'shop']);
    expect(applied.code, applied.stderr).toBe(0);
    expect((await readSnapshot(menuOf(path.join(conf, 'kept'))))?.menu.products).toHaveLength(4);
  });

  it('is MENUSYNC_STATE over the config, and --state over MENUSYNC_STATE', async () => {
    const { cron, file } = await configElsewhere(['state: kept']);
    const fromEnv = path.join(w.dir, 'env-state');
    const applied = await runIn(cron, ['apply', '--config', file, '--target', 'shop'], {
      MENUSYNC_STATE: fromEnv,
    });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toContain(`state: ${fromEnv}\n`);
    expect(await readSnapshot(menuOf(fromEnv))).not.toBeNull();
    const flagged = await runIn(cron, ['plan', '--config', file, '--state', 'flag-state'], {
      MENUSYNC_STATE: fromEnv,
    });
    expect(flagged.code, flagged.stderr).toBe(0);
    // A relative --state is named as the absolute folder it is.
    expect(flagged.stderr).toContain(`state: ${path.join(cron, 'flag-state')}\n`);
    expect(flagged.stdout).toMatch(/^\+ 3 categories/);
  });

  it("is the target's state_dir over the config's state:", async () => {
    const { conf, cron, file } = await configElsewhere(['state: kept'], ['    state_dir: own']);
    const applied = await runIn(cron, ['apply', '--config', file, '--target', 'shop']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(await readSnapshot(menuOf(path.join(conf, 'own')))).not.toBeNull();
  });

  it('refuses --state given twice in one line (exit 2), for one target and for a fleet', async () => {
    const { cron, file } = await configElsewhere([], []);
    for (const args of [
      ['plan', '--config', file, '--target', 'shop'],
      ['apply', '--config', file, '--all'],
    ]) {
      const result = await runIn(cron, [...args, '--state', 'a', '--state', 'b']);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--state was given 2 times; it takes one value/);
    }
  });
});

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { localStateStore } from '../../src/state/local/local-store.js';
import { openStateStore } from '../../src/state/open-store.js';
import type { StateStore } from '../../src/state/store.js';
import type { TargetOverview } from '../../src/state/target-overview.js';
import { menuCsv, startWorld, type CliWorld } from '../cli-apply/fixture.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable, schemaUrl, testSchema } from './postgres-fixture.js';

const available = await postgresAvailable();

let w: CliWorld;
let input: string;
beforeEach(async () => {
  w = await startWorld();
  input = await w.writeExport('menu.csv', menuCsv(12));
  for (const bump of [0, 1]) {
    await w.writeExport('menu.csv', menuCsv(12, bump));
    const applied = await w.run(w.args('apply', input));
    expect(applied.code, applied.stderr).toBe(0);
  }
});
afterEach(async () => {
  await w.close();
});

async function list(state: string): Promise<{ state: string; targets: TargetOverview[] }> {
  const listed = await w.run(['state', 'list', '--state', state, '--json']);
  expect(listed.code, listed.stderr).toBe(0);
  return JSON.parse(listed.stdout) as { state: string; targets: TargetOverview[] };
}

const target = () => ({ baseUrl: w.sandbox.url, clientId: w.clientId, posUid: 'default' });

async function open(spec: string): Promise<StateStore> {
  const store = await openStateStore(spec);
  onTestFinished(() => store.close());
  return store;
}

describe('menusync state list, local folder', () => {
  it('shows the target with its last run, mode and outcome', async () => {
    const { targets } = await list(w.stateDir);
    expect(targets).toHaveLength(1);
    expect(targets[0]).toMatchObject({
      baseUrl: w.sandbox.url,
      clientId: w.clientId,
      mode: 'merge',
      outcome: 'applied',
      uncertain: false,
      locked: false,
    });
    const text = await w.run(['state', 'list'], { env: { MENUSYNC_STATE: w.stateDir } });
    expect(text.stdout).toContain(`${w.sandbox.url} (client ${w.clientId})  `);
    expect(text.stdout).toMatch(/merge\s+applied\s+no\s+no\n1 target in /);
  });
});

describe('menusync state copy, local folders', () => {
  it('refuses a source that holds no state (exit 2), a mistyped --from', async () => {
    const empty = path.join(testTempDir('copy-empty'), 'nothing-here');
    const copied = await w.run(['state', 'copy', '--from', empty, '--to', w.stateDir]);
    expect(copied.code).toBe(2);
    expect(copied.stderr).toMatch(/^error: state copy: .*nothing-here holds no state to copy\n/);
  });
});

describe.skipIf(!available)('menusync state copy and list, PostgreSQL', () => {
  it('copies a local state into PostgreSQL and back, the same snapshot, runs and files', async () => {
    const url = schemaUrl(testSchema());
    const copied = await w.run(['state', 'copy', '--from', w.stateDir, '--to', url]);
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toContain(`to ${url}\n`);
    expect(copied.stdout).toContain('2 runs, snapshot ');

    const local = (await list(w.stateDir)).targets[0]!;
    const remote = (await list(url)).targets[0]!;
    expect({ ...remote, location: '' }).toEqual({ ...local, location: '' });

    const back = path.join(testTempDir('copy-back'), 'state');
    const returned = await w.run(['state', 'copy', '--from', url, '--to', back, '--json']);
    expect(returned.code, returned.stderr).toBe(0);
    const source = localStateStore(w.stateDir).target(target());
    for (const spec of [url, back]) {
      const copy = (await open(spec)).target(target());
      const [want, got] = [await source.readSnapshot(), await copy.readSnapshot()];
      expect(got?.hash).toBe(want?.hash);
      expect(await copy.readStatus()).toEqual(await source.readStatus());
      const runs = await source.listRuns();
      // The run the current snapshot names becomes its rollback point in the copy, as an apply leaves it.
      expect((await copy.listRuns()).map((r) => [r.id, r.confirmed])).toEqual(
        runs.map((r) => [r.id, r.confirmed || r.id === want?.runId]),
      );
      for (const run of runs) {
        const kept = run.id === want?.runId ? want : await source.confirmedSnapshot(run.id);
        expect((await copy.confirmedSnapshot(run.id))?.hash).toBe(kept?.hash);
        const files = await source.listRunFiles(run.id);
        expect(await copy.listRunFiles(run.id)).toEqual(files);
        for (const name of files)
          expect(await copy.readRunFile(run.id, name)).toEqual(await source.readRunFile(run.id, name));
      }
    }
    // The copied-back folder is a state plan can use: the menu it holds is the one applied.
    const planned = await w.run(w.args('plan', input).map((arg) => (arg === w.stateDir ? back : arg)));
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toMatch(/no changes/i);
  });

  it('refuses to overwrite a destination that holds state (exit 3) unless --force', async () => {
    const url = schemaUrl(testSchema());
    expect((await w.run(['state', 'copy', '--from', w.stateDir, '--to', url])).code).toBe(0);
    const again = await w.run(['state', 'copy', '--from', w.stateDir, '--to', url]);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/already holds state for .*; nothing was copied/);
    expect(again.stdout).toBe('');
    const forced = await w.run(['state', 'copy', '--from', w.stateDir, '--to', url, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await readdir(w.stateDir)).toHaveLength(1);
  });

  it('shows a target locked while a run holds it, and uncertain once marked', async () => {
    const url = schemaUrl(testSchema());
    expect((await w.run(['state', 'copy', '--from', w.stateDir, '--to', url])).code).toBe(0);
    const t = (await open(url)).target(target());
    const lock = await t.lock();
    onTestFinished(() => lock.release());
    await t.writeStatus({ uncertain: true, reason: 'import sent, no answer' });
    expect((await list(url)).targets[0]).toMatchObject({ locked: true, uncertain: true, outcome: 'applied' });
    const text = await w.run(['state', 'list', '--state', url]);
    expect(text.stdout).toMatch(/merge\s+applied\s+yes\s+yes\n1 target in postgres:/);
  });

  it('ends with one line and exit 1 when the server cannot be reached, the password never shown', async () => {
    const url = 'postgres://postgres:pw-Hidden-123@127.0.0.1:1/test';
    for (const args of [
      ['state', 'list', '--state', url],
      ['state', 'copy', '--from', w.stateDir, '--to', url],
    ]) {
      const failed = await w.run(args);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        /^error: cannot reach the PostgreSQL state postgres:\/\/postgres@127\.0\.0\.1:1\/test: connection refused/,
      );
      expect(failed.stderr.split('\n').filter(Boolean)).toHaveLength(2);
      expect(`${failed.stdout}${failed.stderr}`).not.toContain('pw-Hidden-123');
    }
  });
});

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStateStore } from '../../src/state/local/local-store.js';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

// `menusync history` and `menusync rollback`: real CLI children against the real sandbox, the
// state in a real temp folder.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

interface HistoryJson {
  runId: string;
  command: string | null;
  mode: string | null;
  outcome: string | null;
  changes: { added: number; changed: number; removed: number } | null;
  rollbackPoint: boolean;
  current: boolean;
  rollbackTo: string | null;
  note: string | null;
}

/** The target's run ids, oldest first, as the store lists them. */
async function runIds(): Promise<string[]> {
  const target = { baseUrl: w.sandbox.url, clientId: w.clientId, posUid: 'default' };
  return (await localStateStore(w.stateDir).target(target).listRuns()).map((run) => run.id);
}

async function history(...more: string[]): Promise<HistoryJson[]> {
  const result = await w.run(['history', '--state', w.stateDir, '--json', ...more]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as HistoryJson[];
}

const rollback = (...more: string[]) =>
  w.run(['rollback', '--state', w.stateDir, '--max-attempts', '1', ...more]);

const NO_TARGET_ENV = { MENUSYNC_BASE_URL: '', MENUSYNC_CLIENT_ID: '' };

async function apply(name: string, csv: string, ...more: string[]) {
  const result = await w.run(w.args('apply', await w.writeExport(name, csv), '--quiet', ...more));
  return result;
}

describe('menusync history and rollback', () => {
  it('lists apply v1 and v2, shows a rollback without --yes, and rollback --to v1 --yes restores v1', async () => {
    expect((await apply('v1.csv', menuCsv(12))).code).toBe(0);
    const v1Menu = w.sandbox.exportMenu(w.clientId);
    expect((await apply('v2.csv', menuCsv(15, 1))).code).toBe(0);
    const [v1, v2] = await runIds();

    const listed = await history();
    expect(listed.map((entry) => [entry.runId, entry.rollbackPoint, entry.current])).toEqual([
      [v2, true, true],
      [v1, true, false],
    ]);
    expect(listed[0]).toMatchObject({
      command: 'apply',
      mode: 'merge',
      outcome: 'applied',
      changes: { added: 3, changed: 12, removed: 0 },
      rollbackTo: null,
      note: null,
    });
    const text = await w.run(['history', '--state', w.stateDir]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      new RegExp(`^${v2}\\s+\\S+ \\S+\\s+apply\\s+merge\\s+3\\s+12\\s+0\\s+applied\\s+yes, current`, 'm'),
    );

    // No --yes and no terminal: the plan is shown, nothing is sent.
    const imports = w.imports();
    const shown = await rollback('--to', v1!.slice(0, 22));
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`Rollback: to the menu run ${v1} confirmed`);
    expect(shown.stdout).toMatch(/- product item-15/);
    expect(shown.stderr).toContain('pass --yes to apply this rollback');
    expect(w.imports()).toBe(imports);

    const done = await rollback('--to', v1!.slice(0, 22), '--yes', '--json');
    expect(done.code, done.stderr).toBe(0);
    const report = JSON.parse(done.stdout) as { outcome: string; mode: string; rollback: { runId: string } };
    expect(report).toMatchObject({ outcome: 'applied', mode: 'replace', rollback: { runId: v1 } });
    expect(w.sandbox.exportMenu(w.clientId)).toEqual(v1Menu);

    const after = await history();
    expect(after[0]).toMatchObject({
      command: 'rollback',
      rollbackTo: v1,
      current: true,
      outcome: 'applied',
    });
    // The menu is v1's again: the next apply of v1's export has nothing to send.
    expect((await apply('v1.csv', menuCsv(12))).stderr).toContain('nothing to send');
  });

  it('refuses a run that confirmed no menu: blocked, failed, or nothing to send', async () => {
    expect((await apply('v1.csv', menuCsv(12))).code).toBe(0);
    expect((await apply('v1.csv', menuCsv(12))).code).toBe(0); // none: nothing sent
    expect((await apply('v2.csv', menuCsv(10), '--mode', 'merge')).code).toBe(3); // blocked
    w.sandbox.injectFaults([{ kind: 'import-error', message: 'bad menu' }]);
    expect((await apply('v3.csv', menuCsv(13))).code).toBe(1); // failed
    const [v1, none, blocked, failed] = await runIds();
    const imports = w.imports();
    for (const [run, why] of [
      [none, 'nothing to send'],
      [blocked, 'blocked by a guard'],
      [failed, 'failed'],
    ] as const) {
      const result = await rollback('--to', run!, '--yes');
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(`run ${run} is not a rollback point`);
      expect(result.stderr).toContain(why);
      expect(result.stderr).toContain(`menusync rollback --to ${v1}`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    expect(w.imports()).toBe(imports);
    expect((await history()).map((entry) => entry.rollbackPoint)).toEqual([false, false, false, true]);
  });

  it('--steps N goes back N rollback points from the current menu', async () => {
    expect((await apply('v1.csv', menuCsv(12))).code).toBe(0);
    const v1Menu = w.sandbox.exportMenu(w.clientId);
    expect((await apply('v2.csv', menuCsv(12, 1))).code).toBe(0);
    expect((await apply('v2.csv', menuCsv(12, 1))).code).toBe(0); // none: not a step
    expect((await apply('v3.csv', menuCsv(12, 2))).code).toBe(0);
    const [v1] = await runIds();

    const tooFar = await rollback('--steps', '3', '--yes');
    expect(tooFar.code).toBe(2);
    expect(tooFar.stderr).toContain('cannot go back 3 steps: 2 rollback points before the current menu');

    const imports = w.imports();
    const dry = await rollback('--steps', '2', '--dry-run', '--json');
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      command: 'plan',
      outcome: 'planned',
      rollback: { runId: v1 },
    });
    expect(dry.stderr).toContain('dry run: nothing was sent');
    expect(w.imports()).toBe(imports);

    const back = await rollback('--steps', '2', '--yes', '--json');
    expect(back.code, back.stderr).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({ rollback: { runId: v1 }, outcome: 'applied' });
    expect(w.sandbox.exportMenu(w.clientId)).toEqual(v1Menu);
  });

  it('refuses a run pruned beyond keep_runs, and lists a run without a report', async () => {
    for (const bump of [0, 1, 2])
      expect((await apply(`v${bump}.csv`, menuCsv(12, bump), '--keep-runs', '2')).code).toBe(0);
    const kept = await runIds();
    expect(kept).toHaveLength(2);
    // The first run's id sorts before the oldest kept one: it started earlier and was removed.
    const pruned = `${kept[0]!.slice(0, 8)}T000000000Z-abcdef`;
    const result = await rollback('--to', pruned, '--keep-runs', '2', '--yes');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`run ${pruned} is no longer kept (keep_runs 2)`);

    // A run killed before it wrote its report: listed, never a crash.
    const target = { baseUrl: w.sandbox.url, clientId: w.clientId, posUid: 'default' };
    const dir = localStateStore(w.stateDir).target(target).location;
    await mkdir(path.join(dir, 'runs', '29991231T235959999Z-000000'));
    const listed = await history('--limit', '2');
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      runId: '29991231T235959999Z-000000',
      note: 'no report (interrupted?)',
      outcome: null,
    });
    expect(listed[1]).toMatchObject({ runId: kept[1], current: true });
    const text = await w.run(['history', '--state', w.stateDir]);
    expect(text.stdout).toContain('no report (interrupted?)');
  });

  it('is guarded like any replace: a rollback removing too much is blocked (exit 3) until allowed', async () => {
    expect((await apply('v1.csv', menuCsv(12))).code).toBe(0);
    const v1Menu = w.sandbox.exportMenu(w.clientId);
    expect((await apply('v2.csv', menuCsv(40))).code).toBe(0);
    const [v1] = await runIds();
    const imports = w.imports();
    const blocked = await rollback('--to', v1!, '--yes');
    expect(blocked.code).toBe(3);
    expect(blocked.stderr).toMatch(/remove 28 products of 40/);
    expect(w.imports()).toBe(imports);
    const allowed = await rollback('--to', v1!, '--yes', '--allow-deletes', '28', '--quiet');
    expect(allowed.code, allowed.stderr).toBe(0);
    // Stamped and named like apply's line: a cron log tells the rollback and its target apart.
    expect(allowed.stderr).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z menusync rollback http:\/\/127\.0\.0\.1:\d+ \(client \S+\): replace: .*\(applied, verified\)$/m,
    );
    expect(w.sandbox.exportMenu(w.clientId)).toEqual(v1Menu);
    // Without a target named, the only one the state holds is the one.
    const sole = await w.run(['history', '--state', w.stateDir], { env: NO_TARGET_ENV });
    expect(sole.code, sole.stderr).toBe(0);
    expect(sole.stderr).toContain('(the only target in');
    // The header, v1, v2, the blocked rollback and the one applied.
    const rows = sole.stdout.trim().split('\n');
    expect(rows).toHaveLength(5);
    expect(rows[2]).toMatch(/ rollback +replace .* blocked +no +back to /);
  });

  it('exits 2 with one line when no target is known or no menu is named', async () => {
    const none = await w.run(['history', '--state', w.stateDir], {
      env: { MENUSYNC_BASE_URL: '', MENUSYNC_CLIENT_ID: '' },
    });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^error: which target\? .* holds no target yet/m);
    const noSelector = await rollback();
    expect(noSelector.code).toBe(2);
    expect(noSelector.stderr).toContain('pass --to RUN_ID or --steps N');
  });
});

import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { listHistory, runIdTime } from '../../src/history/list-history.js';
import { renderHistory } from '../../src/history/render-history.js';
import { resolveRollbackPoint, type RollbackSelector } from '../../src/history/rollback-point.js';
import { localStateStore } from '../../src/state/local/local-store.js';
import type { TargetStore } from '../../src/state/store.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { ROLLBACK_NAMES } from '../../src/cli/handlers/rollback.js';

// History and rollback points are read through the StateStore contract only: this builds a
// target's runs with the store's own calls (as apply does), here on the local backend.

const ZERO = { add: 0, update: 0, remove: 0, keep: 0 };

interface FakeRun {
  id: string;
  outcome: 'applied' | 'blocked' | 'none' | 'failed';
  /** Writes no report.json (a run killed before its end). */
  noReport?: boolean;
}

async function targetWithRuns(runs: FakeRun[]): Promise<TargetStore> {
  const store = localStateStore(testTempDir('history')).target({
    baseUrl: 'http://127.0.0.1:1',
    clientId: 'c',
    posUid: 'default',
  });
  const lock = await store.lock();
  try {
    for (const [index, run] of runs.entries()) {
      const record = await store.createRun(run.id);
      if (!run.noReport) {
        await record.writeJson('report.json', {
          command: 'apply',
          mode: run.outcome === 'none' ? 'none' : 'replace',
          outcome: run.outcome,
          counts: { categories: ZERO, products: { ...ZERO, add: index }, options: ZERO, option_values: ZERO },
          startedAt: runIdTime(run.id),
        });
      }
      if (run.outcome !== 'applied') continue;
      const menu = { categories: [], products: [] };
      const staged = await store.stageConfirmed({
        snapshot: { formatVersion: 2, appliedAt: `at ${run.id}`, mode: 'replace', runId: run.id, menu },
        status: { uncertain: false },
      });
      await staged.commit();
    }
  } finally {
    await lock.release();
  }
  return store;
}

const A = '20261101T100000000Z-aaaaaa';
const B = '20261102T100000000Z-bbbbbb';
const C = '20261103T100000000Z-cccccc';
const D = '20261104T100000000Z-dddddd';
const E = '20261105T100000000Z-eeeeee';
const RUNS: FakeRun[] = [
  { id: A, outcome: 'applied' },
  { id: B, outcome: 'blocked' },
  { id: C, outcome: 'applied' },
  { id: D, outcome: 'none' },
  { id: E, outcome: 'applied' },
];

describe('resolveRollbackPoint', () => {
  it.each<[string, RollbackSelector, string]>([
    ['an exact run id', { to: C }, C],
    ['a unique prefix', { to: '20261101' }, A],
    ['one step back from the current menu', { steps: 1 }, C],
    ['two steps back, skipping runs that confirmed nothing', { steps: 2 }, A],
  ])('finds %s', async (_, selector, expected) => {
    const store = await targetWithRuns(RUNS);
    expect((await resolveRollbackPoint(store, selector, 30, ROLLBACK_NAMES)).id).toBe(expected);
  });

  it.each<[string, RollbackSelector, number, RegExp]>([
    ['a prefix of several runs', { to: '202611' }, 30, /matches 5 runs/],
    ['an unknown run', { to: 'nope' }, 30, /no run nope for this target/],
    [
      'a run older than the oldest kept',
      { to: '20261001T1' },
      5,
      /no longer kept \(keep_runs 5\): the oldest kept run is 20261101T/,
    ],
    [
      'a blocked run',
      { to: B },
      30,
      /is not a rollback point: it keeps no confirmed menu \(blocked by a guard/,
    ],
    ['a run that sent nothing', { to: D }, 30, /is not a rollback point: .*nothing to send/],
    [
      'more steps than rollback points',
      { steps: 3 },
      30,
      /cannot go back 3 steps: 2 rollback points .*no earlier run confirmed/,
    ],
    ['more steps than kept', { steps: 3 }, 5, /cannot go back 3 steps: .*no longer kept \(keep_runs 5\)/],
  ])('refuses %s (exit 2)', async (_, selector, keepRuns, message) => {
    const store = await targetWithRuns(RUNS);
    const error = await resolveRollbackPoint(store, selector, keepRuns, ROLLBACK_NAMES).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toMatch(message);
  });

  it('names the menu a refused run left in place', async () => {
    const store = await targetWithRuns(RUNS);
    const error = (await resolveRollbackPoint(store, { to: D }, 30, ROLLBACK_NAMES).catch(
      (e: unknown) => e,
    )) as UsageError;
    expect(error.hint).toBe(`the menu in place when it ran was run ${C}'s: menusync rollback --to ${C}`);
  });
});

describe('listHistory', () => {
  it('lists newest first, marks rollback points and the current one, and survives a run without a report', async () => {
    const store = await targetWithRuns([
      ...RUNS,
      { id: '20261106T100000000Z-ffffff', outcome: 'failed', noReport: true },
    ]);
    const history = await listHistory(store);
    expect(history.map((entry) => [entry.runId.slice(-6), entry.rollbackPoint, entry.current])).toEqual([
      ['ffffff', false, false],
      ['eeeeee', true, true],
      ['dddddd', false, false],
      ['cccccc', true, false],
      ['bbbbbb', false, false],
      ['aaaaaa', true, false],
    ]);
    expect(history[0]).toMatchObject({
      note: 'no report (interrupted?)',
      outcome: null,
      startedAt: '2026-11-06T10:00:00.000Z',
    });
    expect(history[1]).toMatchObject({
      outcome: 'applied',
      changes: { added: 4, changed: 0, removed: 0 },
      note: null,
    });
    const table = renderHistory(history).split('\n');
    expect(table[0]).toMatch(
      /^RUN +STARTED \(UTC\) +COMMAND +MODE +ADDED +CHANGED +REMOVED +OUTCOME +ROLLBACK POINT +NOTE$/,
    );
    expect(table[1]).toMatch(
      /^20261106T100000000Z-ffffff +2026-11-06 10:00:00 +- +- +- +no +no report \(interrupted\?\)$/,
    );
    expect(table[2]).toMatch(
      /^20261105T100000000Z-eeeeee +2026-11-05 10:00:00 +apply +replace +4 +0 +0 +applied +yes, current$/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { runsToPrune, type PrunableRun } from '../../src/state/prune-policy.js';

const run = (n: number, point = false): PrunableRun => ({ id: `run-${String(n).padStart(3, '0')}`, point });

describe('runsToPrune', () => {
  it('keeps every rollback point up to the limit and prunes quiet runs first', () => {
    const runs = [run(1, true), run(2, true), ...Array.from({ length: 35 }, (_, i) => run(3 + i))];
    const removed = runsToPrune(runs, 30, 'run-037');
    expect(removed).not.toContain('run-001');
    expect(removed).not.toContain('run-002');
    expect(runs.length - removed.length).toBe(30);
    // The quiet runs that stay are the newest ones.
    expect(removed).toEqual(Array.from({ length: 7 }, (_, i) => run(3 + i).id));
  });

  it('keeps the newest rollback points when there are more than the limit', () => {
    const runs = Array.from({ length: 6 }, (_, i) => run(i + 1, true));
    expect(runsToPrune(runs, 4, 'run-006')).toEqual(['run-001', 'run-002']);
  });

  it('always keeps the current menu and the one before it, even with a limit of 1', () => {
    const runs = [run(1, true), run(2, true), run(3, true), run(4)];
    expect(runsToPrune(runs, 1, 'run-004')).toEqual(['run-001']);
  });

  it('never removes the current run, even when its id sorts first (a clock set back)', () => {
    const runs = [run(1), run(2), run(3)];
    expect(runsToPrune(runs, 1, 'run-001')).toEqual(['run-002', 'run-003']);
  });

  it('removes nothing within the limit', () => {
    expect(runsToPrune([run(1), run(2, true)], 30)).toEqual([]);
  });
});

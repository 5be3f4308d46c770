import { LockHeldError } from '../../errors.js';
import { DEFAULT_KEEP_RUNS, newRunId } from '../../state/run-history.js';
import type { StateStore } from '../../state/store.js';
import type { Target } from '../../state/target.js';
import { unplanned } from '../1-read/refresh.js';
import { describeError } from '../6-record/run-errors.js';
import { buildRunReport, writeRunReports } from '../6-record/run-report.js';
import { errorLine } from './target-run-result.js';

export interface UnstartedRun {
  runId: string;
  /** The run's report.html (a file, or its address in a database state). */
  reportFile: string;
}

/**
 * An apply that ended before it could plan (the export missing or unreadable, the mapping refused,
 * a setting out of range) goes into the history of a target that has one, as a failed run with its
 * report: the morning's `fleet status` and `history` show last night's failure, not the success of
 * the night before. A target that never ran gets no state for it (a typo on a first try creates
 * nothing). Under the target's lock like every history write; when the lock is held (another run is
 * on it) or the state cannot be written, nothing is recorded: the run's own error is what counts.
 */
export async function recordUnstartedRun(
  store: StateStore,
  target: Target,
  error: unknown,
  startedAt: Date,
): Promise<UnstartedRun | null> {
  if (error instanceof LockHeldError) return null;
  try {
    const state = store.target(target);
    if ((await state.listRuns()).length === 0) return null;
    const lock = await state.lock();
    try {
      const record = await state.createRun(newRunId(startedAt));
      const report = buildRunReport({
        command: 'apply',
        target,
        plan: unplanned(`not planned: ${errorLine(error)}`),
        applied: false,
        verification: null,
        attempts: 0,
        errors: [describeError(error)],
        outcome: 'failed',
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
      });
      const files = await writeRunReports(record, report);
      await state.pruneRuns(DEFAULT_KEEP_RUNS, record.id).catch(() => []);
      return { runId: record.id, reportFile: files.html };
    } finally {
      await lock.release();
    }
  } catch {
    return null;
  }
}

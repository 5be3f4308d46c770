import { UsageError } from '../errors.js';
import { OUTCOME_TEXT } from '../report/outcome.js';
import type { StoredRun, TargetStore } from '../state/store.js';
import { countOf } from '../plural.js';
import { currentRun, readSummary } from './list-history.js';

/** `rollback --to RUN_ID` (a unique prefix is enough) or `rollback --steps N`. */
export type RollbackSelector = { to: string } | { steps: number };

/**
 * How the rollback's messages name its command and settings. A rollback is a command of the
 * command line only (the library has none), so the CLI gives its words: `menusync rollback`,
 * `--to`, `--keep-runs`.
 */
export interface RollbackNames {
  command: string;
  to: string;
  keepRuns: string;
}

const HISTORY_HINT = '`menusync history` lists the runs and which are rollback points';

/**
 * The run a rollback goes back to. Only a run that left a confirmed menu can be one: a blocked,
 * cancelled, failed or unsent run confirmed none. `--steps N` counts rollback points back from the
 * current one (the newest). What the store no longer keeps (beyond keep_runs) is refused as such.
 */
export async function resolveRollbackPoint(
  store: TargetStore,
  selector: RollbackSelector,
  keepRuns: number,
  names: RollbackNames,
): Promise<StoredRun> {
  const runs = await store.listRuns();
  if ('steps' in selector) return stepsBack(runs, selector.steps, keepRuns);
  const run = findRun(runs, selector.to, keepRuns, names);
  if (!run.confirmed) throw await notARollbackPoint(store, runs, run, names);
  return run;
}

function stepsBack(runs: readonly StoredRun[], steps: number, keepRuns: number): StoredRun {
  const points = runs.filter((run) => run.confirmed);
  const current = currentRun(runs);
  if (!current) {
    throw new UsageError('no rollback point: no kept run of this target left a confirmed menu', {
      hint: HISTORY_HINT,
    });
  }
  const point = points.at(-1 - steps);
  if (point) return point;
  const earlier = points.length - 1;
  // Runs beyond keep_runs are removed: the store holding that many runs says older ones went.
  const why =
    runs.length >= keepRuns
      ? `the older ones are no longer kept (keep_runs ${keepRuns})`
      : `no earlier run confirmed a menu`;
  throw new UsageError(
    `cannot go back ${countOf(steps, 'step')}: ${countOf(earlier, 'rollback point')} before the current menu (run ${current}), ${why}`,
    { hint: HISTORY_HINT },
  );
}

function findRun(
  runs: readonly StoredRun[],
  wanted: string,
  keepRuns: number,
  names: RollbackNames,
): StoredRun {
  const exact = runs.find((run) => run.id === wanted);
  if (exact) return exact;
  const matches = runs.filter((run) => run.id.startsWith(wanted));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new UsageError(
      `${names.to} ${wanted} matches ${countOf(matches.length, 'run')}: give more of the run id`,
      {
        hint: HISTORY_HINT,
      },
    );
  }
  const oldest = runs[0];
  // Run ids start with the time they started: one before the oldest kept run was pruned.
  if (oldest && /^\d{8}T/.test(wanted) && wanted < oldest.id.slice(0, wanted.length)) {
    throw new UsageError(
      `run ${wanted} is no longer kept (keep_runs ${keepRuns}): the oldest kept run is ${oldest.id}`,
      { hint: `keep_runs in the config target (or ${names.keepRuns}) says how many runs a target keeps` },
    );
  }
  throw new UsageError(`no run ${wanted} for this target`, { hint: HISTORY_HINT });
}

/** Why a run cannot be rolled back to, and the rollback point nearest before it. */
async function notARollbackPoint(
  store: TargetStore,
  runs: readonly StoredRun[],
  run: StoredRun,
  names: RollbackNames,
): Promise<UsageError> {
  const summary = await readSummary(store, run.id);
  const ended =
    typeof summary === 'string'
      ? summary
      : summary.command === 'plan'
        ? 'it only planned'
        : OUTCOME_TEXT[summary.outcome];
  const before = runs.filter((other) => other.confirmed && other.id < run.id).at(-1);
  return new UsageError(`run ${run.id} is not a rollback point: it keeps no confirmed menu (${ended})`, {
    hint: before
      ? `the menu in place when it ran was run ${before.id}'s: ${names.command} ${names.to} ${before.id}`
      : HISTORY_HINT,
  });
}

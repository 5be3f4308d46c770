import { errorLine, exitCodeOf, type TargetRunResult } from '../apply/0-start/target-run-result.js';
import type { ExitCode } from '../errors.js';
import { fleetEntry, fleetExit, summarize, type FleetEntry, type FleetSummary } from './fleet-entry.js';
import { runPool } from './pool.js';

/** Where a fleet stands: what a live count shows and an interrupted fleet prints. */
export interface FleetState {
  done: FleetEntry[];
  running: string[];
  queued: string[];
}

export interface FleetOptions {
  /** Target names, in the order they start. */
  names: readonly string[];
  concurrency: number;
  /** One target's whole run (runApplyTarget or runPlanTarget with its settings). */
  runTarget(name: string): Promise<TargetRunResult>;
  /** Told when a target starts and when one finishes, with where the fleet stands then. */
  onChange?(state: FleetState, finished?: FleetEntry): void;
  /** Asked before each start: true once the fleet is stopping (a signal), so no more start. */
  stopped?(): boolean;
  now?: () => number;
}

export interface FleetResult {
  /** In the order of `names`; a target that never started has no entry. */
  entries: FleetEntry[];
  summary: FleetSummary;
  exit: ExitCode;
}

/**
 * Runs every named target, at most `concurrency` at once. Each keeps its own lock, state,
 * credentials, guards, retries and reports; one target's failure, block or lock is its entry and
 * never stops, slows or changes another.
 */
export async function runFleet(options: FleetOptions): Promise<FleetResult> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const state: FleetState = { done: [], running: [], queued: [...options.names] };
  const results = await runPool(
    options.names,
    options.concurrency,
    async (name) => {
      state.queued.splice(state.queued.indexOf(name), 1);
      state.running.push(name);
      notify(options, state);
      const result = await options.runTarget(name).catch(
        // runTarget never rejects; a bug that makes it still ends only this target.
        (error: unknown): TargetRunResult => ({
          exit: exitCodeOf(error),
          errorText: errorLine(error),
          ms: 0,
        }),
      );
      const entry = fleetEntry(name, result);
      state.running.splice(state.running.indexOf(name), 1);
      state.done.push(entry);
      notify(options, state, entry);
      return entry;
    },
    options.stopped,
  );
  const entries = results.filter((entry): entry is FleetEntry => entry !== undefined);
  return {
    entries,
    summary: summarize(entries, Math.round(now() - started)),
    exit: fleetExit(entries),
  };
}

/**
 * The caller's printing must not end the fleet: a line that cannot be written would otherwise
 * stop the wait while other targets still run (and their stores get closed under them).
 */
function notify(options: Pick<FleetOptions, 'onChange'>, state: FleetState, finished?: FleetEntry): void {
  try {
    options.onChange?.(state, finished);
  } catch {
    /* the target's result is kept; only its line is lost */
  }
}

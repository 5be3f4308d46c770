import { ExitCode } from '../errors.js';
import type { FleetEntry } from '../fleet/fleet-entry.js';
import { entryProblem, seconds, shortCounts } from '../fleet/fleet-report.js';
import type { FleetState } from '../fleet/run-fleet.js';
import type { Output } from './output.js';

/** A target that needs a look: failed, blocked, held by another run, or applied with an error after. */
export function isProblem(entry: FleetEntry): boolean {
  if (entry.status === 'applied') return entry.exit !== ExitCode.ok;
  return entry.status === 'failed' || entry.status === 'blocked' || entry.status === 'locked';
}

/** One finished target, one line: `applied  bistro-7: merge +0 ~3 -0, verified (0.4 s)`. */
export function fleetLine(entry: FleetEntry, command: 'plan' | 'apply'): string {
  const mode = entry.mode ? `${entry.mode} ${shortCounts(entry)}` : '';
  const verified =
    command === 'apply' && entry.applied ? (entry.verified ? ', verified' : ', NOT verified') : '';
  const problem = isProblem(entry) ? ` [exit ${entry.exit}] ${entryProblem(entry)}` : '';
  const what = [mode + verified, problem.trim()].filter((part) => part !== '').join(': ');
  return `${entry.status.padEnd(9)} ${entry.target}${what ? `: ${what}` : ''} (${seconds(entry.ms)})`;
}

const MAX_NAMES = 20;

function names(list: readonly string[]): string {
  if (list.length === 0) return 'none';
  const shown = list.slice(0, MAX_NAMES).join(', ');
  return list.length > MAX_NAMES ? `${shown} and ${list.length - MAX_NAMES} more` : shown;
}

export interface FleetStop {
  /** True once a signal came: no queued target starts after that. */
  stopping(): boolean;
  track(state: FleetState): void;
  remove(): void;
}

/** Where the fleet stood when a signal stopped it: what its report records. */
export interface FleetStopped {
  signal: NodeJS.Signals;
  exit: ExitCode;
  state: FleetState;
}

/**
 * Ctrl-C or SIGTERM: no queued target starts, `saveReport` writes the fleet report of what was
 * done, interrupted and not started (a cron job reads it as it reads a finished fleet's), and the
 * process ends with 130 / 143 as a single apply does, which is safe by design for the running
 * ones (each marks its target uncertain before an import goes out; its lock goes on exit). A
 * second signal while the report is written ends the process at once (Node's default).
 */
export function stopOnSignal(
  label: string,
  out: Output,
  progress: { stop(): void },
  command: 'plan' | 'apply',
  saveReport?: (stopped: FleetStopped) => Promise<void>,
): FleetStop {
  let stopping = false;
  let state: FleetState = { done: [], running: [], queued: [] };
  const onSignal = (signal: NodeJS.Signals) => {
    stopping = true;
    progress.stop();
    // The lists as they were when the signal came: targets finishing meanwhile do not change them.
    const stopped = { done: [...state.done], running: [...state.running], queued: [...state.queued] };
    out.error(`${label}: stopped by ${signal}`);
    out.error(`done (${stopped.done.length}): ${names(stopped.done.map((e) => e.target))}`);
    out.error(`interrupted (${stopped.running.length}): ${names(stopped.running)}`);
    out.error(`not started (${stopped.queued.length}): ${names(stopped.queued)}`);
    if (command === 'apply' && stopped.running.length > 0)
      out.error(
        'an interrupted target whose import had already gone out is marked uncertain: its next apply sends a full replace',
      );
    const exit = signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated;
    void (saveReport?.({ signal, exit, state: stopped }) ?? Promise.resolve())
      .catch((error: unknown) =>
        out.error(`error: could not write the fleet report: ${(error as Error).message}`),
      )
      .finally(() => process.exit(exit));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    stopping: () => stopping,
    track: (next) => (state = next),
    remove: () => {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    },
  };
}

import { ExitCode, RunCancelledError } from '../errors.js';
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

/** Where the fleet stood when a signal stopped it: what its report records. */
export interface FleetStopped {
  signal: NodeJS.Signals;
  exit: ExitCode;
  /** Done: ended before or despite the signal; running: ended cancelled by it; queued: never started. */
  state: FleetState;
}

/** How long the cancelled targets may take to end (report, lock) before the process exits anyway. */
const GRACE_MS = 5_000;

export interface FleetStop {
  /** The signal that stopped the fleet, once one came. */
  signal(): NodeJS.Signals | undefined;
  track(state: FleetState): void;
  remove(): void;
}

/**
 * Ctrl-C or SIGTERM take the path a single apply takes (stop-on-signal.ts): `controller` is
 * aborted, so no queued target starts and the running ones end cancelled as a failed run does
 * (their reports written, their locks released, their snapshots where they were unless the
 * platform had confirmed); the caller then writes the fleet report (endStopped) and exits with
 * 130 / 143. Fleets that have not ended within GRACE_MS write the report of where they stood and
 * exit anyway; a second signal ends the process at once (Node's default).
 */
export function cancelOnSignal(
  label: string,
  out: Output,
  progress: { stop(): void },
  controller: AbortController,
  command: 'plan' | 'apply',
  saveReport: (stopped: FleetStopped) => Promise<void>,
): FleetStop {
  let came: NodeJS.Signals | undefined;
  let state: FleetState = { done: [], running: [], queued: [] };
  const onSignal = (signal: NodeJS.Signals) => {
    came = signal;
    progress.stop();
    out.error(`${label}: stopped by ${signal}`);
    const name = signal === 'SIGINT' || signal === 'SIGTERM' ? signal : undefined;
    controller.abort(new RunCancelledError(`stopped by ${signal}`, name ? { signal: name } : undefined));
    const exit = signalExit(signal);
    setTimeout(() => {
      // The lists as they were when the grace ran out: the running ones never ended.
      const now = { done: [...state.done], running: [...state.running], queued: [...state.queued] };
      void endStopped({ signal, exit, state: now }, command, out, saveReport).finally(() =>
        process.exit(exit),
      );
    }, GRACE_MS).unref();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    signal: () => came,
    track: (next) => (state = next),
    remove: () => {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    },
  };
}

export const signalExit = (signal: NodeJS.Signals): ExitCode =>
  signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated;

/** Says which targets were done, interrupted and not started, then writes the fleet report of them. */
export async function endStopped(
  stopped: FleetStopped,
  command: 'plan' | 'apply',
  out: Output,
  saveReport: (stopped: FleetStopped) => Promise<void>,
): Promise<void> {
  const { state } = stopped;
  out.error(`done (${state.done.length}): ${names(state.done.map((e) => e.target))}`);
  out.error(`interrupted (${state.running.length}): ${names(state.running)}`);
  out.error(`not started (${state.queued.length}): ${names(state.queued)}`);
  if (command === 'apply' && state.running.length > 0)
    out.error(
      'an interrupted target whose import had already gone out is marked uncertain: its next apply sends a full replace',
    );
  await saveReport(stopped).catch((error: unknown) =>
    out.error(`error: could not write the fleet report: ${(error as Error).message}`),
  );
}

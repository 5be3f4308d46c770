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

/**
 * Ctrl-C or SIGTERM: no queued target starts, and the process ends at once with 130 / 143 as a
 * single apply does, which is safe by design for the running ones (each marks its target
 * uncertain before an import goes out; its lock goes on exit). Says which targets were done,
 * which were interrupted and which never started.
 */
export function stopOnSignal(
  label: string,
  out: Output,
  progress: { stop(): void },
  command: 'plan' | 'apply',
): FleetStop {
  let stopping = false;
  let state: FleetState = { done: [], running: [], queued: [] };
  const onSignal = (signal: NodeJS.Signals) => {
    stopping = true;
    progress.stop();
    out.error(`${label}: stopped by ${signal}`);
    out.error(`done (${state.done.length}): ${names(state.done.map((e) => e.target))}`);
    out.error(`interrupted (${state.running.length}): ${names(state.running)}`);
    out.error(`not started (${state.queued.length}): ${names(state.queued)}`);
    if (command === 'apply' && state.running.length > 0)
      out.error(
        'an interrupted target whose import had already gone out is marked uncertain: its next apply sends a full replace',
      );
    process.exit(signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated);
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

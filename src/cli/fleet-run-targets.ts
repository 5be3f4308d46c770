import type { LoadedConfig } from '../config/load-config.js';
import { runConfigFleet } from '../fleet/config-fleet-run.js';
import { summarize } from '../fleet/fleet-entry.js';
import { writeFleetOutputs, type FleetOutputs, type FleetRecord } from '../fleet/fleet-files.js';
import { buildFleetReport } from '../fleet/fleet-report.js';
import type { FleetResult } from '../fleet/run-fleet.js';
import { fleetStorePool } from '../state/store-pool.js';
import { ExitCode } from '../errors.js';
import type { FleetEntry } from '../fleet/fleet-entry.js';
import {
  cancelOnSignal,
  endStopped,
  fleetLine,
  isProblem,
  signalExit,
  type FleetStopped,
} from './fleet-lines.js';
import { createFleetProgress } from './fleet-progress.js';
import type { FleetSelection } from './fleet-selection.js';
import type { Output } from './output.js';
import type { RunEvent } from '../notify/run-event.js';
import { stamped, type RunLog } from './run-log.js';
import { FLAG_NAMES, givenFromFlags, type SettingFlags } from './setting-flags.js';

/** What running the fleet's targets needs besides the targets themselves. */
export interface FleetRunContext {
  command: 'plan' | 'apply';
  label: string;
  loaded: LoadedConfig;
  args: SettingFlags & {
    'detailed-exitcode'?: boolean;
    offline?: boolean;
    quiet?: boolean;
    json?: boolean;
    yes?: boolean;
    debug?: boolean;
  };
  concurrency: number;
  out: Output;
  record: FleetRecord;
  outputs: FleetOutputs;
  startedAt: Date;
  /** --log-format: JSON lines per target, or the stamped --quiet lines. */
  log: RunLog;
  /** How each target ended, as its log line and webhook tell it (the fleet's webhook reads them). */
  events: RunEvent[];
}

/**
 * Runs the selected targets, at most `concurrency` at once, each as a single run of it would
 * (config-target-run.ts): one line per target as it finishes, a live count on a terminal. On
 * SIGINT/SIGTERM the running targets are cancelled through their AbortSignal, as a single apply
 * is; once they have ended, the fleet report of what was done, interrupted and not started is
 * written and `stopped` says so (the command exits 130 / 143).
 */
export async function runFleetTargets(
  selection: FleetSelection,
  context: FleetRunContext,
): Promise<FleetResult & { stopped?: FleetStopped }> {
  const { command, args, out, record, names } = { ...context, names: selection.names };
  // Each running target's lock listens for 'exit' (to free it on process.exit): N at once is no leak.
  const listeners = process.getMaxListeners();
  process.setMaxListeners(listeners + context.concurrency);
  const progress = createFleetProgress({ quiet: args.quiet === true, json: args.json === true });
  const save = (stopped: FleetStopped) => saveStopped(stopped, names.length, context);
  const cancel = new AbortController();
  const stop = cancelOnSignal(context.label, out, progress, cancel, command, save);
  // Targets that keep their state in one place share one store (one connection pool for a database).
  const stores = fleetStorePool(context.concurrency);
  const { log } = context;
  const given = givenFromFlags(args);
  const detailed = args['detailed-exitcode'] === true;
  const result = await runConfigFleet({
    command,
    names,
    signal: cancel.signal,
    sharedMenus: selection.sharedMenus,
    concurrency: context.concurrency,
    stores,
    record,
    targetIo: (name) => ({
      loaded: context.loaded,
      given,
      names: FLAG_NAMES,
      ...(detailed ? { plan: { detailedExitCode: true } } : {}),
      ...(args.offline ? { offline: true } : {}),
      out: targetOutput(out, name),
      yes: args.yes === true,
    }),
    warn: out.error,
    onTargetStart: (name) => log.start(command, name),
    onTargetEnd: (event) => {
      log.end(event);
      context.events.push(event);
    },
    onChange: (state, finished) => {
      stop.track(state);
      // --quiet (cron) keeps the targets that need a look; info lines are hidden by it anyway.
      if (finished && !log.json) {
        const line = args.quiet ? stamped(fleetLine(finished, command)) : fleetLine(finished, command);
        progress.line(() => (isProblem(finished) ? out.error(line) : out.info(line)));
      }
      progress.update(state);
    },
  }).finally(async () => {
    progress.stop();
    stop.remove();
    process.setMaxListeners(listeners);
    await stores.close();
  });
  const signal = stop.signal();
  if (signal === undefined) return result;
  const stopped = { signal, exit: signalExit(signal), state: stoppedState(names, result.entries) };
  await endStopped(stopped, command, out, save);
  return { ...result, stopped };
}

/** After a signal: the targets cancelled by it were interrupted; those never started have no entry. */
function stoppedState(names: readonly string[], entries: readonly FleetEntry[]): FleetStopped['state'] {
  const cancelled = (entry: FleetEntry) =>
    entry.exit === ExitCode.interrupted || entry.exit === ExitCode.terminated;
  const ran = new Set(entries.map((entry) => entry.target));
  return {
    done: entries.filter((entry) => !cancelled(entry)),
    running: entries.filter(cancelled).map((entry) => entry.target),
    queued: names.filter((name) => !ran.has(name)),
  };
}

/** A fleet stopped by a signal still leaves its report: what was done, interrupted, not started. */
async function saveStopped(
  { signal, exit, state }: FleetStopped,
  total: number,
  context: FleetRunContext,
): Promise<void> {
  const summary = { ...summarize(state.done, Date.now() - context.startedAt.getTime()), total };
  const stopped = { signal, interrupted: state.running, notStarted: state.queued };
  const entries = { entries: state.done, summary, exit };
  const report = buildFleetReport(context.command, entries, context.startedAt, new Date(), stopped);
  context.out.error(`fleet report: ${await context.record.finish(report)}`);
  await writeFleetOutputs(report, context.outputs);
}

/**
 * A target's own messages (extract summary, issues, retries): a fleet of hundreds cannot print
 * them all, and each target's report holds what matters. With --debug they are shown, named.
 */
function targetOutput(out: Output, name: string): Output {
  const debugLine = (text: string) => out.debug(`[${name}] ${text}`);
  return {
    color: false,
    quiet: true,
    data: debugLine,
    info: debugLine,
    warn: debugLine,
    error: debugLine,
    debug: debugLine,
  };
}

import path from 'node:path';
import type { ApplyTargetArgs } from '../apply/apply-from-settings.js';
import type { PlanTargetArgs } from '../apply/plan-from-settings.js';
import { errorLine, type TargetRunResult } from '../apply/target-run-result.js';
import { ReportWriteError } from '../apply/present.js';
import type { RunArgs } from '../config/run-settings.js';
import { fleetTargets, inTurnsPerMenu, runConfigTarget } from '../fleet/config-target-run.js';
import { DEFAULT_STATE_DIR } from '../state/target.js';
import { CONFIG_FILE, loadConfig } from '../config/load-config.js';
import { UsageError } from '../errors.js';
import { createFleetRecord, writeFleetOutputs } from '../fleet/fleet-files.js';
import { buildFleetReport, renderFleetJson, renderFleetTable, summaryText } from '../fleet/fleet-report.js';
import { fleetExit, summarize } from '../fleet/fleet-entry.js';
import { runFleet } from '../fleet/run-fleet.js';
import { resolveStateSpec } from '../config/state-location.js';
import { isStateUrl } from '../state/target.js';
import { createStorePool } from '../state/store-pool.js';
import { fleetLine, isProblem, stopOnSignal, type FleetStopped } from './fleet-lines.js';
import { checkFleetArgs, targetNames, type FleetArgs } from './fleet-options.js';
import { createFleetProgress } from './fleet-progress.js';
import { fleetReads } from './fleet-paths.js';
import { checkOutputPaths } from './output-paths.js';
import { createOutput, type Output } from './output.js';
import { reportOutputs } from './run-paths.js';

type FleetCommandArgs = RunArgs &
  FleetArgs &
  ApplyTargetArgs &
  PlanTargetArgs & { yes?: boolean; debug?: boolean };

/**
 * `plan`/`apply` over many config targets (--all, --tag, repeated --target, --due): each target
 * runs as a single one would (runApplyTarget / runPlanTarget), at most --concurrency at once. One
 * line per target as it finishes, a live count on a terminal, then the summary table (or --json)
 * and the fleet report. Exit 1 if any failed, else 3 if any blocked, else 4 if any locked.
 */
export async function runFleetCommand(command: 'plan' | 'apply', args: FleetCommandArgs): Promise<void> {
  const concurrency = checkFleetArgs(args as FleetCommandArgs & Record<string, unknown>);
  const out = createOutput({ quiet: args.quiet === true, debug: args.debug === true });
  const loaded = await loadConfig(args.config);
  if (!loaded) throw new UsageError(`a fleet run needs a config file (${CONFIG_FILE} or --config)`);
  const { names: selected, sharedMenus } = fleetTargets(
    loaded,
    {
      all: args.all === true || (args.due === true && targetNames(args).length === 0 && !args.tag?.length),
      names: targetNames(args),
      tags: args.tag ?? [],
      ...(args.due ? { due: new Date() } : {}),
    },
    args['pos-uid'],
  );
  // A paused target (enabled: false) is listed, never run: said even under --quiet, for the cron log.
  const paused = selected.filter((name) => loaded.config.targets[name]?.enabled === false);
  if (paused.length > 0) out.error(`paused: ${paused.join(', ')} (enabled: false in the config): not run`);
  const names = selected.filter((name) => !paused.includes(name));
  const stateRoot = resolveStateSpec({ flag: args.state, env: process.env.MENUSYNC_STATE, config: loaded });
  // Fleet reports go beside the targets' state; a database store has no folder: beside the config.
  const reportRoot = isStateUrl(stateRoot)
    ? path.join(path.dirname(loaded.file), DEFAULT_STATE_DIR)
    : stateRoot;
  // Per target, as each target's run resolves them: no fleet output may overwrite what a target reads.
  const reads = await fleetReads(loaded, names, args);
  await checkOutputPaths(reportOutputs(args), {
    inputs: reads.inputs,
    stateDir: reportRoot,
    stateDirs: reads.stateDirs,
  });
  const label = `menusync ${command} (fleet)`;
  if (names.length === 0) {
    out.info(`${label}: no target is due now`);
    // A script reading --json gets a report whatever happens: 0 targets, exit 0.
    if (args.json) {
      const now = new Date();
      const none = { entries: [], summary: summarize([], 0), exit: fleetExit([]) };
      out.data(renderFleetJson(buildFleetReport(command, none, now, now)));
    }
    return;
  }
  const startedAt = new Date();
  // Each running target's lock listens for 'exit' (to free it on process.exit): N at once is no leak.
  const listeners = process.getMaxListeners();
  process.setMaxListeners(listeners + concurrency);
  const record = await createFleetRecord(reportRoot, startedAt);
  const progress = createFleetProgress({ quiet: args.quiet === true, json: args.json === true });
  const outputs = { json: args['out-json'], md: args['out-md'], html: args['out-html'] };
  // A fleet stopped by a signal still leaves its report: what was done, interrupted, not started.
  const saveStopped = async ({ signal, exit, state }: FleetStopped): Promise<void> => {
    const summary = { ...summarize(state.done, Date.now() - startedAt.getTime()), total: names.length };
    const stopped = { signal, interrupted: state.running, notStarted: state.queued };
    const entries = { entries: state.done, summary, exit };
    const report = buildFleetReport(command, entries, startedAt, new Date(), stopped);
    out.error(`fleet report: ${await record.finish(report)}`);
    await writeFleetOutputs(report, outputs);
  };
  const stop = stopOnSignal(label, out, progress, command, saveStopped);
  // Targets that keep their state in one place share one store (one connection pool for a database).
  const stores = createStorePool();
  const runOne = async (name: string): Promise<TargetRunResult> => {
    const result = await runConfigTarget(command, name, {
      loaded,
      args,
      stores,
      out: targetOutput(out, name),
      yes: args.yes === true,
    });
    // A plan has no run folder of its own: its report goes with the fleet's.
    if (command === 'apply' || !result.report) return result;
    return { ...result, reportFile: await record.writeTargetReport(name, result.report) };
  };
  const result = await runFleet({
    names,
    concurrency,
    stopped: stop.stopping,
    runTarget: inTurnsPerMenu(sharedMenus, runOne),
    onChange: (state, finished) => {
      stop.track(state);
      // --quiet (cron) keeps the targets that need a look; info lines are hidden by it anyway.
      if (finished) {
        const line = fleetLine(finished, command);
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
  const report = buildFleetReport(command, result, startedAt, new Date());
  // Printed first: a report file the disk refuses must not hide how every target ended.
  if (args.json) out.data(renderFleetJson(report));
  else if (!args.quiet) out.data(renderFleetTable(report));
  if (args.quiet) out.error(`${label}: ${summaryText(report.summary, command)}`);
  try {
    out.info(`fleet report: ${await record.finish(report)}`);
    await writeFleetOutputs(report, outputs);
  } catch (error) {
    throw new ReportWriteError(`could not write the fleet report: ${errorLine(error)}`, {
      hint: `the fleet itself ended with exit ${result.exit}; each target's own report is in its state folder's runs/`,
    });
  }
  process.exitCode = result.exit;
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

import path from 'node:path';
import { requireYesForRemovals } from '../apply/confirm-removals.js';
import { runApplyTarget, type ApplyTargetArgs } from '../apply/run-apply-target.js';
import { runPlanTarget, type PlanTargetArgs } from '../apply/run-plan-target.js';
import { errorLine, exitCodeOf, type TargetRunResult } from '../apply/target-run.js';
import { resolvePlanTarget } from '../apply/resolve-plan-target.js';
import type { Target } from '../state/target.js';
import { refreshForPlan, type PlanRefresh } from '../apply/plan-refresh.js';
import { ReportWriteError } from '../apply/present.js';
import { CONFIG_FILE, configTarget, loadConfig } from '../config/load-config.js';
import { resolveRunSettings, type RunArgs } from '../config/run-settings.js';
import { UsageError } from '../errors.js';
import { createFleetRecord, writeFleetOutputs } from '../fleet/fleet-files.js';
import { buildFleetReport, renderFleetJson, renderFleetTable, summaryText } from '../fleet/fleet-report.js';
import { runFleet } from '../fleet/run-fleet.js';
import { checkDistinctMenus, selectTargets } from '../fleet/select-targets.js';
import { resolveStateSpec } from '../config/state-location.js';
import { isStateUrl } from '../state/target.js';
import { createStorePool } from '../state/store-pool.js';
import { DEFAULT_POS_UID, DEFAULT_STATE_DIR } from '../state/target.js';
import { fleetLine, isProblem, stopOnSignal } from './fleet-lines.js';
import { checkFleetArgs, targetNames, type FleetArgs } from './fleet-options.js';
import { createFleetProgress } from './fleet-progress.js';
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
  const selected = selectTargets(loaded.config, {
    all: args.all === true || (args.due === true && targetNames(args).length === 0 && !args.tag?.length),
    names: targetNames(args),
    tags: args.tag ?? [],
    ...(args.due ? { due: new Date() } : {}),
  });
  // A paused target (enabled: false) is listed, never run: said even under --quiet, for the cron log.
  const paused = selected.filter((name) => loaded.config.targets[name]?.enabled === false);
  if (paused.length > 0) out.error(`paused: ${paused.join(', ')} (enabled: false in the config): not run`);
  const names = selected.filter((name) => !paused.includes(name));
  const sharedMenus = checkDistinctMenus(
    names.map((name) => {
      const target = configTarget(loaded, name);
      return {
        name,
        baseUrl: target.base_url ?? process.env.MENUSYNC_BASE_URL,
        clientId: target.client_id ?? process.env.MENUSYNC_CLIENT_ID,
        posUid: args['pos-uid'] ?? target.pos_uid ?? DEFAULT_POS_UID,
        menu: target.menu,
      };
    }),
  );
  const stateRoot = resolveStateSpec({ flag: args.state, env: process.env.MENUSYNC_STATE, config: loaded });
  // Fleet reports go beside the targets' state; a database store has no folder: beside the config.
  const reportRoot = isStateUrl(stateRoot)
    ? path.join(path.dirname(loaded.file), DEFAULT_STATE_DIR)
    : stateRoot;
  await checkOutputPaths(reportOutputs(args), {
    inputs: [
      { option: 'the config file', file: loaded.file },
      ...names.flatMap((name) =>
        (configTarget(loaded, name).inputs ?? []).map((file) => ({ option: `${name}'s input`, file })),
      ),
    ],
    stateDir: reportRoot,
  });
  const label = `menusync ${command} (fleet)`;
  if (names.length === 0) {
    out.info(`${label}: no target is due now`);
    return;
  }
  const startedAt = new Date();
  // Each running target's lock listens for 'exit' (to free it on process.exit): N at once is no leak.
  const listeners = process.getMaxListeners();
  process.setMaxListeners(listeners + concurrency);
  const record = await createFleetRecord(reportRoot, startedAt);
  const progress = createFleetProgress({ quiet: args.quiet === true, json: args.json === true });
  const stop = stopOnSignal(label, out, progress, command);
  // Targets that keep their state in one place share one store (one connection pool for a database).
  const stores = createStorePool();
  const menuQueues = new Map<string, Promise<unknown>>();
  const runTarget = (name: string): Promise<TargetRunResult> => {
    const key = sharedMenus.get(name);
    if (key === undefined) return runOne(name);
    // Targets that share a platform menu share its lock: one after another.
    const turn = (menuQueues.get(key) ?? Promise.resolve()).then(() => runOne(name));
    menuQueues.set(
      key,
      turn.catch(() => undefined),
    );
    return turn;
  };
  const runOne = async (name: string): Promise<TargetRunResult> => {
    const targetOut = targetOutput(out, name);
    const targetArgs = { ...args, target: name };
    const settings = await resolveRunSettings(targetArgs, process.cwd(), { loaded });
    const store = await stores.get(settings.stateDir);
    if (command === 'apply') {
      return runApplyTarget(settings, targetArgs, {
        store,
        out: targetOut,
        // Nobody to ask in a fleet: as without a terminal, only removals need --yes.
        confirm: async (plan) => {
          requireYesForRemovals(plan, args.yes === true);
          return true;
        },
      });
    }
    // As a single plan: against the live menu whenever the target's credentials are known.
    const started = performance.now();
    let known: Target | null;
    let refresh: PlanRefresh;
    try {
      known = await resolvePlanTarget(targetArgs, settings, store, targetOut);
      refresh = await refreshForPlan(targetArgs, settings, known, targetOut);
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      return { exit: exitCodeOf(error), error, errorText: errorLine(error), ms };
    }
    const refreshMs = Math.round(performance.now() - started);
    const planned = await runPlanTarget(settings, targetArgs, { store, out: targetOut, known, refresh });
    const result = { ...planned, ms: planned.ms + refreshMs };
    if (!result.report) return result;
    return { ...result, reportFile: await record.writeTargetReport(name, result.report) };
  };
  const result = await runFleet({
    names,
    concurrency,
    stopped: stop.stopping,
    runTarget,
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
    await writeFleetOutputs(report, { json: args['out-json'], md: args['out-md'], html: args['out-html'] });
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

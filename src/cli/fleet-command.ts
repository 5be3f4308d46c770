import type { ApplyTargetArgs } from '../apply/0-start/apply-target.js';
import type { PlanTargetArgs } from '../apply/0-start/plan-target.js';
import type { RunArgs } from './run-args.js';
import { fleetExit, summarize } from '../fleet/fleet-entry.js';
import { createFleetRecord } from '../fleet/fleet-files.js';
import { fleetStateSpec } from '../fleet/fleet-state.js';
import { endFleetRun } from '../fleet/run-effects.js';
import {
  buildFleetReport,
  renderFleetJson,
  renderFleetTable,
  summaryText,
  type FleetReport,
} from '../fleet/fleet-report.js';
import { checkFleetArgs, type FleetArgs } from './fleet-options.js';
import { fleetReads } from './fleet-paths.js';
import { runFleetTargets } from './fleet-run-targets.js';
import { loadFleetConfig, selectFleet } from './fleet-selection.js';
import { checkOutputPaths } from './output-paths.js';
import { createOutput, type Output } from './output.js';
import { reportOutputs } from './run-paths.js';
import type { RunEvent } from '../notify/run-event.js';
import { openStateStore } from '../state/open-store.js';
import { isStateUrl } from '../state/target.js';
import { createRunLog, stamped, type RunLog } from './run-log.js';

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
  const loaded = await loadFleetConfig(args.config);
  const selection = selectFleet(loaded, args, out);
  const fleetState = fleetStateSpec(loaded, args.state);
  // Per target, as each target's run resolves them: no fleet output may overwrite what a target reads.
  const reads = await fleetReads(loaded, selection.names, args);
  await checkOutputPaths(reportOutputs(args), {
    ...reads,
    ...(isStateUrl(fleetState) ? {} : { stateDir: fleetState }),
  });
  const label = `menusync ${command} (fleet)`;
  if (selection.names.length === 0) return reportNoneDue(command, label, args, out);
  const startedAt = new Date();
  // The fleet report is kept with the targets' state (a folder, or the database's fleet runs).
  const store = await openStateStore(fleetState);
  try {
    const record = await createFleetRecord(store.fleetRuns(), startedAt);
    const output = (option: 'out-json' | 'out-md' | 'out-html') => {
      const file = args[option];
      return file !== undefined ? { file, option: `--${option}` } : undefined;
    };
    const outputs = { json: output('out-json'), md: output('out-md'), html: output('out-html') };
    const log = createRunLog(args['log-format']);
    const events: RunEvent[] = [];
    const context = {
      command,
      label,
      loaded,
      args,
      concurrency,
      out,
      record,
      outputs,
      startedAt,
      log,
      events,
    };
    const result = await runFleetTargets(selection, context);
    // Stopped by a signal: its fleet report is written already (what ran, what did not).
    if (result.stopped) {
      process.exitCode = result.stopped.exit;
      return;
    }
    const report = buildFleetReport(command, result, startedAt, new Date());
    presentFleetReport(report, { label, args, out, log });
    const end = { event: 'fleet_end', command, exit: result.exit, summary: report.summary };
    let saved: string;
    try {
      saved = await endFleetRun(report, {
        record,
        outputs,
        notify: loaded.config.notify,
        events,
        warn: out.error,
      });
    } catch (error) {
      log.event(end);
      throw error;
    }
    out.info(`fleet report: ${saved}`);
    // The address `report show` accepts (a file, or postgres://…#fleet-runs/runs/RUN/report.html).
    log.event({ ...end, report: saved });
    process.exitCode = result.exit;
  } finally {
    await store.close();
  }
}

/** No target due: said, and a script reading --json gets a report whatever happens (0 targets, exit 0). */
function reportNoneDue(
  command: 'plan' | 'apply',
  label: string,
  args: { json?: boolean | undefined },
  out: Output,
): void {
  out.info(`${label}: no target is due now`);
  if (!args.json) return;
  const now = new Date();
  const none = { entries: [], summary: summarize([], 0), exit: fleetExit([]) };
  out.data(renderFleetJson(buildFleetReport(command, none, now, now)));
}

/** The summary (table, --json or the --quiet line), printed before the fleet report is written. */
function presentFleetReport(
  report: FleetReport,
  context: {
    label: string;
    args: { json?: boolean | undefined; quiet?: boolean | undefined };
    out: Output;
    log: RunLog;
  },
): void {
  const { args, out } = context;
  // Printed first: a report file the disk refuses must not hide how every target ended.
  if (args.json) out.data(renderFleetJson(report));
  else if (!args.quiet) out.data(renderFleetTable(report));
  if (args.quiet && !context.log.json)
    out.error(stamped(`${context.label}: ${summaryText(report.summary, report.command)}`));
}

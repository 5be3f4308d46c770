import { ReportWriteError } from '../errors.js';
import { errorLine, type TargetRunResult } from '../apply/0-start/target-run-result.js';
import type { NotifyConfig } from '../config/notify-schema.js';
import { ExitCode } from '../errors.js';
import { notifyFleet } from '../notify/fleet-notify.js';
import { runEvent, type ApprovalNote, type RunEvent } from '../notify/run-event.js';
import { notifyRun } from '../notify/webhook.js';
import { withApprovalLink } from '../notify/approval-link.js';
import type { ConsoleConfig } from '../config/console-schema.js';
import { writeFleetOutputs, type FleetOutputs, type FleetRecord } from './fleet-files.js';
import type { FleetReport } from './fleet-report.js';

/**
 * What happens after one target's run, whoever started it (`apply`, `apply --all`, a worker's job,
 * the library's runFleet): the run's history and report are already in its state (applyRun wrote
 * them); here a plan's report joins the fleet's, the run becomes its `run_end` event, and an apply
 * tells the target's `notify:`. One place, so every entry point tells the same webhooks the same.
 */
export interface TargetRunEffects {
  command: 'plan' | 'apply';
  /** The config target's name (absent: a target given by flags alone). */
  name?: string | undefined;
  /** The target's `notify:` (its config's, defaults applied). */
  notify: NotifyConfig | undefined;
  /** The config's `console:`: a blocked run's webhook carries the manager's signed link. */
  console?: ConsoleConfig | undefined;
  /** A fleet's record: a plan has no run folder of its own, its report goes with the fleet's. */
  record?: FleetRecord;
  /** A worker's approval job: the decision it applied, told with the run's event. */
  decision?: ApprovalNote | undefined;
  /** False when the webhook is not to be told (a worker's job held by another run is queued again). */
  tell?: boolean;
  /** A webhook that could not be told: one line; the run's result is unchanged. */
  warn(line: string): void;
}

export async function endTargetRun<R extends TargetRunResult>(
  result: R,
  effects: TargetRunEffects,
): Promise<{ result: R; event: RunEvent }> {
  let ended = result;
  if (effects.command === 'plan' && effects.record && result.report && effects.name)
    ended = { ...result, reportFile: await effects.record.writeTargetReport(effects.name, result.report) };
  const made = runEvent({
    command: effects.command,
    name: effects.name,
    report: ended.report,
    exit: ended.exit,
    locked: ended.exit === ExitCode.locked,
    // A run with a report has its errors there; errorText is for a run that ended before one.
    errorText: ended.report ? undefined : ended.errorText,
    runId: ended.runId,
    reportFile: ended.reportFile,
  });
  const event = effects.decision ? { ...made, decision: effects.decision } : made;
  // Only an apply tells a webhook: a plan changes nothing.
  if (effects.command === 'apply' && effects.tell !== false)
    // A run that applied an approval and was refused (stale) kept no plan: nothing to link to.
    await notifyRun(
      effects.notify,
      effects.decision ? event : withApprovalLink(event, effects.console),
      effects.warn,
    );
  return { result: ended, event };
}

/** Where a fleet's report goes, and whom it tells. */
export interface FleetRunEffects {
  record: FleetRecord;
  /** --out-json / --out-md / --out-html (the CLI's). */
  outputs?: FleetOutputs;
  /** The config's top-level `notify:`. */
  notify: NotifyConfig | undefined;
  /** Every target's `run_end` event, as endTargetRun made them. */
  events: readonly RunEvent[];
  warn(line: string): void;
}

/**
 * The targets' events in the fleet report's order (the fleet's), not in the order they ended: the
 * same fleet tells its webhook the same list whichever target finished first.
 */
function inReportOrder(events: readonly RunEvent[], report: FleetReport): RunEvent[] {
  const place = new Map(report.targets.map((entry, index) => [entry.target, index]));
  const at = (event: RunEvent) => place.get(event.target) ?? report.targets.length;
  return [...events].sort((a, b) => at(a) - at(b));
}

/**
 * After a fleet: its report in the state's fleet-runs/ (and the --out-* files), then the fleet's
 * webhook for an apply. The webhook is told even when the report could not be written; that
 * failure is thrown after it. Returns the report's HTML file.
 */
export async function endFleetRun(report: FleetReport, effects: FleetRunEffects): Promise<string> {
  let written: { html: string } | { failure: unknown };
  try {
    const html = await effects.record.finish(report);
    await writeFleetOutputs(report, effects.outputs ?? {});
    written = { html };
  } catch (failure) {
    written = { failure };
  }
  if (report.command === 'apply')
    await notifyFleet(effects.notify, report, inReportOrder(effects.events, report), effects.warn);
  if ('html' in written) return written.html;
  throw new ReportWriteError(`could not write the fleet report: ${errorLine(written.failure)}`, {
    hint: `the fleet itself ended with exit ${report.exit}; each target's own report is kept with its state (menusync history)`,
  });
}

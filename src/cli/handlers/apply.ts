import { createInterface } from 'node:readline/promises';
import type { ApplyOutcome } from '../../apply/apply-run.js';
import { requireYesForRemovals } from '../../apply/3-confirm/confirm-removals.js';
import { runApplyTarget } from '../../apply/0-start/apply-target.js';
import type { ApplyConnectionArgs } from '../connection-options.js';
import { reportWhere, writeOutputs } from '../present.js';
import { exitCodeOf, type TargetRunResult } from '../../apply/0-start/target-run-result.js';
import { endTargetRun } from '../../fleet/run-effects.js';
import { targetLabel } from '../../notify/run-event.js';
import { createRunLog, stamped, stampedSummary, type RunLog } from '../run-log.js';
import { buildRunReport, planReport } from '../../apply/6-record/run-report.js';
import { FLAG_NAMES, resolveRunSettings } from '../setting-flags.js';
import type { RunArgs } from '../run-args.js';
import type { RunSettings } from '../../config/settings/types.js';
import { openStateStore } from '../../state/open-store.js';
import type { StateStore } from '../../state/store.js';
import type { Plan } from '../../plan/types.js';
import { OUTCOME_TEXT, renderJson, renderTerminal } from '../../report/index.js';
import { troubleWord } from '../../report/headline.js';
import { checkOutputPaths } from '../output-paths.js';
import { createOutput, type Output } from '../output.js';
import { reportOutputs, runReads } from '../run-paths.js';
import { countOf } from '../../plural.js';
import { createProgress } from '../progress.js';
import { stopOnSignal } from '../stop-on-signal.js';
import { checkpointOf, type CliContext } from '../run-context.js';
import { observeClient } from '../progress-client.js';
import { runFleetCommand } from '../fleet-command.js';
import { verificationScopeLines } from '../../report/verification-text.js';
import { isFleetRun, type FleetArgs } from '../fleet-options.js';

export type ApplyArgs = RunArgs &
  ApplyConnectionArgs &
  FleetArgs & {
    /** A saved plan to apply instead of the inputs. */
    plan?: string;
    'max-payload-bytes'?: number;
    'keep-runs'?: number;
    debug?: boolean;
    yes?: boolean;
  } & CliContext;

/** The apply of one target, or of a fleet with --targets/--all. */
export async function runApply(args: ApplyArgs): Promise<void> {
  // JSON log lines replace the human ones: a collector reads nothing else.
  if (args['log-format'] === 'json') args.quiet = true;
  if (isFleetRun(args)) return runFleetCommand('apply', args);
  const settings = await resolveRunSettings(args, process.cwd(), { fleet: true });
  if (settings.config.enabled === false) {
    process.stderr.write(
      `menusync apply ${settings.targetName ?? ''}: paused (enabled: false in the config): nothing was done\n`,
    );
    return;
  }
  const store = await openStateStore(settings.stateDir, checkpointOf(args));
  try {
    await applyOne(args, settings, store);
  } finally {
    await store.close();
  }
}

/** One target's apply, printed and written as the command does; the exit code set on the process. */
async function applyOne(args: ApplyArgs, settings: RunSettings, store: StateStore): Promise<void> {
  const out = createOutput({ quiet: args.quiet === true, debug: args.debug === true });
  // Before anything is read or sent: a report that cannot be written is known now, not after the import.
  await checkOutputPaths(reportOutputs(args), {
    inputs: runReads(args, settings, {
      '--plan': args.plan,
      '--client-secret-file': settings.connection.clientSecretFile,
    }),
    ...(store.kind === 'local' ? { stateDir: store.location } : {}),
  });
  // Absolute, or the URL without its password: a relative --state says where it really is.
  out.info(`state: ${store.location}`);
  const log = createRunLog(args['log-format']);
  log.start('apply', settings.targetName ?? targetLabel(undefined));
  let shown = false;
  const progress = createProgress({ quiet: args.quiet === true, json: args.json === true });
  // SIGINT/SIGTERM cancel the run as a library caller's AbortSignal does (stop-on-signal.ts).
  const cancel = new AbortController();
  const stopWatching = stopOnSignal('apply', out, cancel);
  const saved = args.plan !== undefined ? { savedPlan: args.plan, savedPlanInputs: args.input ?? [] } : {};
  const result = await runApplyTarget(settings, saved, {
    store,
    out,
    ...checkpointOf(args),
    progress: progress.sink,
    signal: cancel.signal,
    observe: (client) => observeClient(client, progress.sink),
    confirm: async (plan, target) => {
      if (!args.quiet && !args.json) {
        out.data(renderPlanOnly(plan, target, out));
        shown = true;
      }
      return confirm(plan, args.yes === true, out);
    },
  }).finally(() => {
    progress.stop();
    stopWatching();
  });
  const report = result.outcome?.report;
  const exit = result.error !== undefined ? exitCodeOf(result.error) : result.exit;
  const label = targetLabel(report, settings.targetName);
  if (result.error !== undefined) {
    // A blocked, cancelled or failed run has its report too: printed and written like any
    // other, then the error decides the exit code. Without one (a lock held, a bad state
    // file) the run never started.
    if (result.outcome) await presentEnded(result.outcome, args, out, shown, store.location, log);
    else if (args.quiet && !log.json) out.error(stamped(`menusync apply ${label}: failed`));
    await endRun(settings, { ...result, exit }, out, log);
    // The JSON line said it all; the top-level catch would add a line that is not JSON.
    if (log.json) {
      process.exitCode = exit;
      return;
    }
    throw result.error;
  }
  const outcome = result.outcome!;
  printReport(outcome, args, out, shown, store.location);
  await writeOutputs(outcome.report, args);
  if (args.quiet && !log.json) out.error(stampedSummary(outcome.report));
  await endRun(settings, result, out, log);
  process.exitCode = result.exit;
}

/** The run's after-effects as every apply does them (fleet/run-effects.ts), then its log line. */
async function endRun(
  settings: RunSettings,
  result: TargetRunResult,
  out: Output,
  log: RunLog,
): Promise<void> {
  const { event } = await endTargetRun(result, {
    command: 'apply',
    name: settings.targetName,
    notify: settings.config.notify,
    // A blocked run's webhook carries the manager's link, as from a fleet or a worker.
    console: settings.console,
    warn: out.error,
  });
  log.end(event);
}

/** JSON with --json; else the terminal report, or only the outcome when the plan was shown for confirmation. */
function printReport(
  outcome: ApplyOutcome,
  args: ApplyArgs,
  out: Output,
  shown: boolean,
  stateLocation: string,
): void {
  if (args.json) out.data(renderJson(outcome.report));
  else if (!args.quiet) {
    if (!shown) out.data(renderTerminal(outcome.report, { color: out.color }));
    else out.data(outcomeLines(outcome.report, outcome.requests, out));
    out.info(
      `report: ${reportWhere(outcome.reports.html, outcome.runId, stateLocation, outcome.report.target, outcome.reports.rendered)}`,
    );
  }
}

/** The report of a run that ends with an error: printed, the --out-* files, the summary; the error follows. */
async function presentEnded(
  ended: ApplyOutcome,
  args: ApplyArgs,
  out: Output,
  shown: boolean,
  stateLocation: string,
  log: RunLog,
): Promise<void> {
  printReport(ended, args, out, shown, stateLocation);
  if (args.quiet && !log.json) out.error(stampedSummary(ended.report));
  // The run's own error is what the exit code tells; a report file that also failed is one more line.
  await writeOutputs(ended.report, args).catch((error: unknown) =>
    out.error(`error: ${(error as Error).message}`),
  );
}

function renderPlanOnly(plan: Plan, target: { posUid: string }, out: Output): string {
  return renderTerminal(planReport(plan, target), { color: out.color });
}

function outcomeLines(report: ReturnType<typeof buildRunReport>, requests: number, out: Output): string {
  const sent = `${report.mode} in ${countOf(requests, 'request')}, ${countOf(report.attempts, 'attempt')}`;
  // A run that did not apply says so first, not "Applied:" above an error at the bottom.
  const trouble = troubleWord(report);
  const lines = trouble
    ? [
        paintRed(out.color, `${trouble}: ${report.errors[0] ?? OUTCOME_TEXT[report.outcome]}`),
        `Sent: ${sent}`,
      ]
    : [`Applied: ${sent}`];
  if (report.verification) {
    lines.push(
      report.verification.status === 'verified'
        ? 'Verified: the read-back matches the menu sent'
        : 'Drift: the read-back differs:',
    );
    for (const detail of report.verification.details) lines.push(`  - ${detail}`);
    for (const line of verificationScopeLines(report.verification)) lines.push(`  ${line}`);
  }
  for (const error of report.errors.slice(trouble ? 1 : 0)) lines.push(`Error: ${error}`);
  if (report.outcome !== 'applied') lines.push(`Outcome: ${OUTCOME_TEXT[report.outcome]}`);
  return `${lines.join('\n')}\n`;
}

const paintRed = (on: boolean, text: string): string => (on ? `\u001b[31m${text}\u001b[0m` : text);

/** Without a terminal only removals need --yes (a cron job must opt in to deleting); with one, ask. */
async function confirm(plan: Plan, yes: boolean, out: Output): Promise<boolean> {
  if (yes) return true;
  if (!process.stdin.isTTY) {
    requireYesForRemovals(plan, yes, FLAG_NAMES);
    return true;
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`Apply this ${plan.mode} to the platform? Only "yes" is accepted: `);
    return answer.trim().toLowerCase() === 'yes';
  } finally {
    rl.close();
    out.info('');
  }
}

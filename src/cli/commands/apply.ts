import { createInterface } from 'node:readline/promises';
import type { CommandModule } from 'yargs';
import { applyRun, type ApplyOutcome } from '../../apply/apply-run.js';
import { extractDesired } from '../../apply/cli-inputs.js';
import { resolveApplyConnection, type ApplyConnectionArgs } from '../../apply/connection.js';
import { summaryLine, writeOutputs } from '../../apply/present.js';
import { buildRunReport } from '../../apply/run-report.js';
import { readSavedPlan } from '../../apply/saved-plan.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../apply/split-payload.js';
import { resolveRunSettings, withRunOptions, type RunArgs } from '../../config/run-options.js';
import { ExitCode, UsageError } from '../../errors.js';
import { DEFAULT_KEEP_RUNS } from '../../state/run-history.js';
import { plan as planMenu } from '../../plan/index.js';
import type { Plan } from '../../plan/types.js';
import { liveRemovalsBeyond } from '../../plan/live/live-context.js';
import { createPlatformClient } from '../../platform/index.js';
import { OUTCOME_TEXT, renderJson, renderTerminal } from '../../report/index.js';
import { withConnectionOptions } from '../connection-options.js';
import { checkOutputPaths } from '../output-paths.js';
import { retryNotice } from '../retry-notice.js';
import { createOutput, type Output } from '../output.js';
import { reportOutputs, runReads } from '../run-paths.js';
import { countOf } from '../../plural.js';
import { createProgress } from '../progress.js';
import { observeClient } from '../progress-client.js';

type ApplyArgs = RunArgs &
  ApplyConnectionArgs & {
    debug?: boolean;
    yes?: boolean;
    plan?: string;
    'max-payload-bytes'?: number;
    'keep-runs'?: number;
  };

/** Extract, plan, guard, confirm, send, verify: exit 0 ok, 1 platform failure, 2 invalid, 3 blocked, 4 locked. */
export const applyCommand: CommandModule<object, ApplyArgs> = {
  command: 'apply',
  describe: 'Apply the menu to the platform (plan, guards, confirmation, import, read-back)',
  builder: (yargs) =>
    // No yargs defaults for retry/timeout/auth: an absent flag lets the config target decide.
    withConnectionOptions(withRunOptions(yargs), { deferDefaults: true })
      .option('yes', { type: 'boolean', describe: 'Do not ask; required for removals without a terminal' })
      .option('plan', { type: 'string', describe: 'Apply exactly this saved plan (from plan --out-plan)' })
      .option('max-payload-bytes', {
        type: 'number',
        describe: `Split merges above this size (default ${DEFAULT_MAX_PAYLOAD_BYTES}); a replace above it is refused`,
      })
      .option('keep-runs', {
        type: 'number',
        describe: `Runs kept in the state folder's history; older ones are removed (default ${DEFAULT_KEEP_RUNS})`,
      }),
  handler: async (args) => {
    const out = createOutput({ quiet: args.quiet === true, debug: args.debug === true });
    const settings = await resolveRunSettings(args);
    const connection = resolveApplyConnection(args, settings);
    // Before anything is read or sent: a report that cannot be written is known now, not after the import.
    await checkOutputPaths(reportOutputs(args), {
      inputs: runReads(args, settings, {
        '--plan': args.plan,
        '--client-secret-file': args['client-secret-file'] ?? settings.config.client_secret_file,
      }),
      stateDir: settings.stateDir,
    });
    const target = {
      ...(settings.targetName ? { name: settings.targetName } : {}),
      baseUrl: connection.baseUrl,
      clientId: connection.credentials.clientId,
      posUid: settings.posUid,
    };
    const saved = args.plan ? await readSavedPlan(args.plan) : undefined;
    const progress = createProgress({ quiet: args.quiet === true, json: args.json === true });
    const desired = saved
      ? { menu: saved.desired, errors: 0 }
      : await extractDesired(settings, out, progress.sink);
    const maxPayloadBytes =
      args['max-payload-bytes'] ?? settings.config.max_payload_bytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
    if (!(maxPayloadBytes > 0)) throw new UsageError('--max-payload-bytes must be more than 0');
    const keepRuns = args['keep-runs'] ?? settings.config.keep_runs ?? DEFAULT_KEEP_RUNS;
    if (!Number.isInteger(keepRuns) || keepRuns < 1)
      throw new UsageError('--keep-runs must be a whole number of at least 1');
    let shown = false;
    let finished: ApplyOutcome | undefined;
    const stopWatching = exitOnInterrupt(out);
    const outcome = await applyRun(
      {
        target,
        stateDir: settings.stateDir,
        desired: desired.menu,
        planOptions: {
          posUid: settings.posUid,
          mode: settings.mode,
          extractionErrors: desired.errors,
          ...settings.guards,
        },
        ...(saved ? { savedPlan: saved } : {}),
        maxPayloadBytes,
        keepRuns,
      },
      {
        plan: planMenu,
        client: observeClient(
          createPlatformClient({ ...connection, log: (m) => out.debug(m), notice: retryNotice(out) }),
          progress.sink,
        ),
        confirm: async (plan) => {
          if (!args.quiet && !args.json) {
            out.data(renderPlanOnly(plan, target, out));
            shown = true;
          }
          return confirm(plan, args.yes === true, out);
        },
        onFinish: (ended) => (finished = ended),
      },
    )
      .catch(async (error: unknown) => {
        // A blocked, cancelled or failed run has its report too: printed and written like any
        // other, then the error decides the exit code. Without one (a lock held, a bad state
        // file) the run never started.
        if (finished) await presentEnded(finished, args, out, shown);
        else if (args.quiet) out.error(`menusync apply${target.name ? ` ${target.name}` : ''}: failed`);
        throw error;
      })
      .finally(() => {
        progress.stop();
        stopWatching();
      });
    const report = outcome.report;
    printReport(outcome, args, out, shown);
    await writeOutputs(report, args);
    if (args.quiet) out.error(summaryLine(report));
    process.exitCode = report.errors.length > 0 || report.verified === false ? ExitCode.failure : ExitCode.ok;
  },
};

/** JSON with --json; else the terminal report, or only the outcome when the plan was shown for confirmation. */
function printReport(outcome: ApplyOutcome, args: ApplyArgs, out: Output, shown: boolean): void {
  if (args.json) out.data(renderJson(outcome.report));
  else if (!args.quiet) {
    if (!shown) out.data(renderTerminal(outcome.report, { color: out.color }));
    else out.data(outcomeLines(outcome.report, outcome.requests));
    out.info(`report: ${outcome.reports.html}`);
  }
}

/** The report of a run that ends with an error: printed, the --out-* files, the summary; the error follows. */
async function presentEnded(
  ended: ApplyOutcome,
  args: ApplyArgs,
  out: Output,
  shown: boolean,
): Promise<void> {
  printReport(ended, args, out, shown);
  if (args.quiet) out.error(summaryLine(ended.report));
  // The run's own error is what the exit code tells; a report file that also failed is one more line.
  await writeOutputs(ended.report, args).catch((error: unknown) =>
    out.error(`error: ${(error as Error).message}`),
  );
}

/**
 * Ctrl-C, or a cron job's timeout sending SIGTERM, stops the run at once with 130 / 143 and one
 * line, rather than Node's silent default. Stopping anywhere is safe by design: the snapshot only
 * moves by rename after the platform confirmed, the target is marked uncertain before an import
 * goes out (the next apply then replaces), the lock goes on exit and temp files with the next run.
 * Returns the function that removes the handlers.
 */
function exitOnInterrupt(out: Output): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    out.error(
      `menusync apply: stopped by ${signal}; if the import had already gone out, the target is marked uncertain and the next apply sends a full replace`,
    );
    process.exit(signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  };
}

function renderPlanOnly(plan: Plan, target: { posUid: string }, out: Output): string {
  const report = buildRunReport({
    command: 'plan',
    target,
    plan,
    applied: false,
    verification: null,
    attempts: 0,
    errors: [],
  });
  return renderTerminal(report, { color: out.color });
}

function outcomeLines(report: ReturnType<typeof buildRunReport>, requests: number): string {
  const lines = [
    `Applied: ${report.mode} in ${countOf(requests, 'request')}, ${countOf(report.attempts, 'attempt')}`,
  ];
  if (report.verification) {
    lines.push(
      report.verification.status === 'verified'
        ? 'Verified: the read-back matches the menu sent'
        : 'Drift: the read-back differs:',
    );
    for (const detail of report.verification.details) lines.push(`  - ${detail}`);
  }
  for (const error of report.errors) lines.push(`Error: ${error}`);
  if (report.outcome !== 'applied') lines.push(`Outcome: ${OUTCOME_TEXT[report.outcome]}`);
  return `${lines.join('\n')}\n`;
}

/** Without a terminal only removals need --yes (a cron job must opt in to deleting); with one, ask. */
async function confirm(plan: Plan, yes: boolean, out: Output): Promise<boolean> {
  if (yes) return true;
  const removals =
    plan.counts.categories.remove +
    plan.counts.products.remove +
    plan.counts.options.remove +
    plan.counts.option_values.remove +
    // What a replace removes from the live menu beyond them (hand-made entities, say).
    liveRemovalsBeyond(plan);
  if (!process.stdin.isTTY) {
    if (plan.mode === 'replace' && removals > 0) {
      throw new UsageError(
        `this replace removes ${countOf(removals, 'entity', 'entities')}; pass --yes to apply it without a terminal`,
      );
    }
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

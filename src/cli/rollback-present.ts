import { createInterface } from 'node:readline/promises';
import type { ApplyOutcome } from '../apply/apply-run.js';
import { emitReport, writeOutputs } from './present.js';
import { planReport } from '../apply/6-record/run-report.js';
import type { RunArgs } from './run-args.js';
import { ExitCode } from '../errors.js';
import type { Plan } from '../plan/types.js';
import { OUTCOME_TEXT, renderJson, renderTerminal } from '../report/index.js';
import type { Target } from '../state/target.js';
import type { Output } from './output.js';
import { stampedSummary } from './run-log.js';

type PresentArgs = Pick<RunArgs, 'json' | 'quiet' | 'out-json' | 'out-md' | 'out-html'>;

/**
 * A rollback that is not applied (--dry-run, or no --yes and no terminal to ask on): its plan,
 * shown as `menusync plan` shows one, and how to apply it. Returns the exit code (3 when blocked).
 */
export async function showRollbackPlan(
  plan: Plan,
  target: Target,
  args: PresentArgs & { 'dry-run'?: boolean },
  out: Output,
): Promise<ExitCode> {
  const report = planReport(plan, target);
  await emitReport(report, args, out);
  if (args.quiet) out.error(stampedSummary(report, { command: 'rollback' }));
  if (plan.blocked) {
    out.error(`blocked: ${plan.blocked}`);
    return ExitCode.blocked;
  }
  out.info(
    args['dry-run']
      ? 'dry run: nothing was sent; run again without --dry-run (with --yes when there is no terminal) to apply it'
      : 'not applied: nothing was sent; pass --yes to apply this rollback (there is no terminal to ask on)',
  );
  return ExitCode.ok;
}

/**
 * On a terminal without --yes: the plan, then the question. Every rollback is a replace that may
 * remove what was added since, so only an explicit "yes" applies it.
 */
export async function askRollback(plan: Plan, target: Target, out: Output, show: boolean): Promise<boolean> {
  if (show) {
    const report = planReport(plan, target);
    out.data(renderTerminal(report, { color: out.color }));
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question('Roll the menu back with this replace? Only "yes" is accepted: ');
    return answer.trim().toLowerCase() === 'yes';
  } finally {
    rl.close();
    out.info('');
  }
}

/**
 * The rollback's report as apply prints it: JSON with --json, else the whole report (or only how
 * it ended, when the plan was shown for the question), the --out-* files, and with --quiet the
 * one-line summary.
 */
export async function presentRollback(
  ended: ApplyOutcome,
  args: PresentArgs,
  out: Output,
  shown: boolean,
): Promise<void> {
  const report = ended.report;
  if (args.json) out.data(renderJson(report));
  else if (!args.quiet) {
    out.data(
      shown
        ? `Outcome: ${OUTCOME_TEXT[report.outcome]}\n${report.errors.map((e) => `Error: ${e}\n`).join('')}`
        : renderTerminal(report, { color: out.color }),
    );
    out.info(`report: ${ended.reports.html}`);
  }
  if (args.quiet) out.error(stampedSummary(report, { command: 'rollback' }));
  await writeOutputs(report, args);
}

import { COUNT_KINDS } from '../../plan/counts.js';
import type { Plan } from '../../plan/types.js';
import {
  compactJsonPieces,
  prepareHtml,
  prepareMarkdown,
  renderHtml,
  renderMarkdown,
} from '../../report/index.js';
import type { RunError, RunOutcome } from '../../report/outcome.js';
import type { RunReport, Verification } from '../../report/types.js';
import type { RunRecord } from '../../state/run-history.js';
import type { Target } from '../../state/target.js';

export interface RunReportInput {
  command: 'plan' | 'apply';
  target: Partial<Target> & { posUid: string };
  plan: Plan;
  applied: boolean;
  verification: Verification | null;
  attempts: number;
  errors: RunError[];
  /** How the run ended; by default what the plan alone says (blocked, none or planned). */
  outcome?: RunOutcome;
  startedAt?: string;
  finishedAt?: string;
}

export interface RunReportFiles {
  json: string;
  /** The Markdown report, or report.json when it was not rendered (`rendered: false`). */
  markdown: string;
  /** The HTML report, or report.json when it was not rendered (`rendered: false`). */
  html: string;
  /** false: only report.json was written; `report show` renders the others from it on demand. */
  rendered: boolean;
}

/** The report of a plan that nothing was sent for (plan, and apply's confirmation). */
export function planReport(plan: Plan, target: RunReportInput['target'], madeAt?: string): RunReport {
  return buildRunReport({
    command: 'plan',
    target,
    plan,
    applied: false,
    verification: null,
    attempts: 0,
    errors: [],
    ...(madeAt !== undefined ? { startedAt: madeAt } : {}),
  });
}

export function buildRunReport(input: RunReportInput): RunReport {
  const { target, plan } = input;
  return {
    formatVersion: 1,
    command: input.command,
    target: {
      ...(target.name !== undefined ? { name: target.name } : {}),
      ...(target.baseUrl !== undefined ? { baseUrl: target.baseUrl } : {}),
      ...(target.clientId !== undefined ? { clientId: target.clientId } : {}),
      posUid: target.posUid,
    },
    plan,
    mode: plan.mode,
    reason: plan.reason,
    counts: plan.counts,
    blocked: plan.blocked,
    // A plan saved by an older version has no blockedBy: its `blocked` sentence is all there is.
    blockedBy: plan.blockedBy ?? [],
    outcome: input.outcome ?? planOutcome(plan),
    applied: input.applied,
    verified: input.verification ? input.verification.status === 'verified' : null,
    ...(input.verification ? { verification: input.verification } : {}),
    attempts: input.attempts,
    errors: input.errors.map((error) => error.message),
    errorDetails: input.errors,
    ...(input.startedAt !== undefined ? { startedAt: input.startedAt } : {}),
    ...(input.finishedAt !== undefined ? { finishedAt: input.finishedAt } : {}),
    ...(plan.rollback ? { rollback: plan.rollback } : {}),
  };
}

/** What a plan alone says of a run that sends nothing. */
export function planOutcome(plan: Pick<Plan, 'blocked' | 'mode'>): RunOutcome {
  if (plan.blocked) return 'blocked';
  return plan.mode === 'none' ? 'none' : 'planned';
}

/**
 * report.json/.md/.html in the run's folder, written side by side; returns their paths.
 * report.json names the plan's file instead of holding it (`"plan":"plan.json"`, as plan.json
 * names payload.json): the same entries twice made a run's history twice as big (~8.6 MB more at
 * 5k products, hundreds of MB at 100k). `--out-json` and `--json` keep the whole plan.
 */
export async function writeRunReports(record: RunRecord, report: RunReport): Promise<RunReportFiles> {
  // Issue 32: most targets of a nightly fleet change nothing, and their Markdown and HTML were
  // most of the files (and of the PostgreSQL rows) a night wrote. report.json and plan.json hold
  // all they show: `report show` renders them from those (history/stored-report.ts).
  if (report.outcome === 'none') {
    const json = await record.write('report.json', compactJsonPieces(report, RUN_PLAN_REFERENCE));
    return { json, markdown: json, html: json, rendered: false };
  }
  const [jsonFile, markdown, html] = await Promise.all([
    record.write('report.json', compactJsonPieces(report, RUN_PLAN_REFERENCE)),
    record.write('report.md', renderMarkdown(report)),
    record.write('report.html', renderHtml(report)),
  ]);
  return { json: jsonFile, markdown, html, rendered: true };
}

/** The run report's `plan` member in a run's folder: the name of the file holding it, as JSON. */
const RUN_PLAN_REFERENCE = JSON.stringify('plan.json');

/**
 * The work of a run's files that does not depend on its outcome, done ahead (apply does it while
 * the import is out): plan.json's bytes, and the entry sections of the Markdown and HTML reports,
 * which renderMarkdown/renderHtml of this plan then reuse.
 */
export function prepareRunFiles(plan: Plan): Buffer {
  const planJson = Buffer.from(runPlanJson(plan), 'utf8');
  prepareMarkdown(plan);
  prepareHtml(plan);
  return planJson;
}

/**
 * plan.json of a run: the plan with its payload left to payload.json (a second copy of the menu
 * otherwise), and without its `keep` entries, which `omittedEntries` counts (the plan's counts
 * give them per kind; the snapshot holds the entities). With them, a nightly run that changed
 * nothing wrote every entity of the menu into its history: 8.6 MB at 5k products, kept 30 times.
 */
export function runPlanJson(plan: Plan): string {
  const kept = COUNT_KINDS.reduce((sum, kind) => sum + plan.counts[kind].keep, 0);
  // A first apply keeps nothing: its (largest) entry list goes out without a filtered copy.
  const entries = kept === 0 ? plan.entries : plan.entries.filter((entry) => entry.action !== 'keep');
  return JSON.stringify({
    ...plan,
    entries,
    payload: plan.payload ? 'payload.json' : null,
    omittedEntries: { action: 'keep', count: plan.entries.length - entries.length },
  });
}

import type { Plan } from '../plan/types.js';
import {
  compactJsonPieces,
  prepareHtml,
  prepareMarkdown,
  renderHtml,
  renderJson,
  renderMarkdown,
} from '../report/index.js';
import type { RunReport, Verification } from '../report/types.js';
import type { RunRecord } from '../state/run-history.js';
import type { Target } from '../state/target.js';

export interface RunReportInput {
  command: 'plan' | 'apply';
  target: Partial<Target> & { posUid: string };
  plan: Plan;
  applied: boolean;
  verification: Verification | null;
  attempts: number;
  errors: string[];
  startedAt?: string;
  finishedAt?: string;
}

export interface RunReportFiles {
  json: string;
  markdown: string;
  html: string;
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
    applied: input.applied,
    verified: input.verification ? input.verification.status === 'verified' : null,
    ...(input.verification ? { verification: input.verification } : {}),
    attempts: input.attempts,
    errors: input.errors,
    ...(input.startedAt !== undefined ? { startedAt: input.startedAt } : {}),
    ...(input.finishedAt !== undefined ? { finishedAt: input.finishedAt } : {}),
  };
}

/**
 * report.json/.md/.html in the run's folder, written side by side; returns their paths.
 * report.json is compact (at 20k products the indented one was 126 MB) and, given `planJson` (the
 * bytes of the run's plan.json, as text or UTF-8), writes them as they are: every entry, with the
 * payload left in payload.json.
 */
export async function writeRunReports(
  record: RunRecord,
  report: RunReport,
  planJson?: string | Uint8Array,
): Promise<RunReportFiles> {
  const json =
    planJson !== undefined ? compactJsonPieces(report, planJson) : renderJson(report, { compact: true });
  const [jsonFile, markdown, html] = await Promise.all([
    record.write('report.json', json),
    record.write('report.md', renderMarkdown(report)),
    record.write('report.html', renderHtml(report)),
  ]);
  return { json: jsonFile, markdown, html };
}

/**
 * The work of a run's files that does not depend on its outcome, done ahead (apply does it while
 * the import is out): plan.json's bytes, returned for writeRunReports, and the entry sections of
 * the Markdown and HTML reports, which renderMarkdown/renderHtml of this plan then reuse.
 */
export function prepareRunFiles(plan: Plan): Buffer {
  const planJson = Buffer.from(runPlanJson(plan), 'utf8');
  prepareMarkdown(plan);
  prepareHtml(plan);
  return planJson;
}

/** plan.json of a run: the plan with its payload left to payload.json (a second copy of the menu otherwise). */
export function runPlanJson(plan: Plan): string {
  return JSON.stringify({ ...plan, payload: plan.payload ? 'payload.json' : null });
}

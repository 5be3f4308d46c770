import type { Plan } from '../plan/types.js';
import { renderHtml, renderJson, renderMarkdown } from '../report/index.js';
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
 * report.json/.md/.html in the run's folder; returns their paths. report.json keeps every entry
 * but not the payload (payload.json beside it holds it), and is compact: at 20k products the
 * indented one was 126 MB.
 */
export async function writeRunReports(record: RunRecord, report: RunReport): Promise<RunReportFiles> {
  const { payload: _stored, ...plan } = report.plan as Plan;
  const stored: RunReport = { ...report, plan };
  return {
    json: await record.write('report.json', renderJson(stored, { compact: true })),
    markdown: await record.write('report.md', renderMarkdown(report)),
    html: await record.write('report.html', renderHtml(report)),
  };
}

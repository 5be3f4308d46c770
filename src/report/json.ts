import type { RunReport } from './types.js';

export interface JsonRenderOptions {
  /** No indentation (a run folder's report.json lists every entry of a possibly huge plan). */
  compact?: boolean;
  /** With compact: the plan already serialized (e.g. the run's plan.json), used as is. */
  planJson?: string;
}

/**
 * The machine-readable report. Keys are written in a fixed order and nothing time-dependent is
 * added here, so the same report always gives the same bytes.
 */
export function renderJson(report: RunReport, options: JsonRenderOptions = {}): string {
  const document = {
    formatVersion: report.formatVersion,
    command: report.command,
    target: report.target,
    mode: report.mode,
    reason: report.reason,
    counts: report.counts,
    blocked: report.blocked,
    applied: report.applied,
    verified: report.verified,
    verification: report.verification,
    attempts: report.attempts,
    errors: report.errors,
    startedAt: report.startedAt,
    finishedAt: report.finishedAt,
    plan: report.plan,
  };
  if (options.compact && options.planJson !== undefined) {
    // The plan is the last member: splice its bytes in rather than serializing it again.
    const { plan: _plan, ...head } = document;
    return `${JSON.stringify(head).slice(0, -1)},"plan":${options.planJson}}\n`;
  }
  return `${options.compact ? JSON.stringify(document) : JSON.stringify(document, null, 2)}\n`;
}

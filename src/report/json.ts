import type { RunReport } from './types.js';

/**
 * The machine-readable report. Keys are written in a fixed order and nothing time-dependent is
 * added here, so the same report always gives the same bytes. `compact` (the run folder's
 * report.json, which lists every entry of a possibly huge plan) leaves out the indentation.
 */
export function renderJson(report: RunReport, options: { compact?: boolean } = {}): string {
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
  return `${options.compact ? JSON.stringify(document) : JSON.stringify(document, null, 2)}\n`;
}

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
  if (options.compact && options.planJson !== undefined)
    return compactJsonPieces(report, options.planJson).join('');
  return `${options.compact ? JSON.stringify(document(report)) : JSON.stringify(document(report), null, 2)}\n`;
}

/**
 * The compact report around a plan already serialized (text or its UTF-8 bytes), in three pieces
 * that concatenate to renderJson's bytes: a file writer takes them one after another, so the plan
 * (megabytes for a big menu) is neither copied into one string nor encoded again.
 */
export function compactJsonPieces<P extends string | Uint8Array>(
  report: RunReport,
  planJson: P,
): [string, P, string] {
  // The plan is the last member: its bytes go in as they are rather than being serialized again.
  const { plan: _plan, ...head } = document(report);
  return [`${JSON.stringify(head).slice(0, -1)},"plan":`, planJson, '}\n'];
}

function document(report: RunReport) {
  return {
    formatVersion: report.formatVersion,
    command: report.command,
    target: report.target,
    // What is live first, as in every report; the plan holds them too (plan.json of a run).
    ...('drift' in report.plan ? { drift: report.plan.drift } : {}),
    ...('live' in report.plan ? { live: report.plan.live, offline: report.plan.offline } : {}),
    mode: report.mode,
    reason: report.reason,
    counts: report.counts,
    blocked: report.blocked,
    blockedBy: report.blockedBy,
    outcome: report.outcome,
    applied: report.applied,
    verified: report.verified,
    verification: report.verification,
    attempts: report.attempts,
    errors: report.errors,
    errorDetails: report.errorDetails,
    startedAt: report.startedAt,
    finishedAt: report.finishedAt,
    rollback: report.rollback,
    plan: report.plan,
  };
}

import type { Plan, PlanCounts, PlanMode } from '../plan/types.js';

/** Which platform menu a run is about. Never holds a secret. */
export interface ReportTarget {
  name?: string;
  baseUrl?: string;
  clientId?: string;
  posUid: string;
}

export interface Verification {
  status: 'verified' | 'drift';
  details: string[];
}

/**
 * Everything a run report shows, filled by the plan/apply commands. Renderers only format it:
 * every number and sentence in a report comes from here (or from the plan inside it).
 * A failed run is still reported: `errors` holds why.
 */
export interface RunReport {
  formatVersion: 1;
  command: 'plan' | 'apply';
  target: ReportTarget;
  /** The full plan; a saved or trimmed report may omit entries (then only counts are shown). */
  plan: Plan | PlanSummary;
  mode: PlanMode;
  reason: string;
  counts: PlanCounts;
  blocked: string | null;
  applied: boolean;
  /** null when nothing was sent or the read-back was not done. */
  verified: boolean | null;
  verification?: Verification;
  attempts: number;
  errors: string[];
  startedAt?: string;
  finishedAt?: string;
}

/** A plan without its entries and payload, for reports that must stay small. */
export type PlanSummary = Omit<Plan, 'entries' | 'payload'>;

/** The entries of the report's plan, or none when it carries only a summary. */
export function reportEntries(report: RunReport): Plan['entries'] {
  return 'entries' in report.plan ? report.plan.entries : [];
}

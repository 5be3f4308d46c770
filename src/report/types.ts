import type { GuardBlock, Plan, PlanCounts, PlanMode, RollbackOrigin } from '../plan/types.js';
import type { RunError, RunOutcome } from './outcome.js';

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
  /** What the read-back compared, counted: the platform shows categories, not products. */
  compared?: VerificationScope;
  /** What the platform's read API cannot show, so was not compared (one phrase each). */
  notShown?: string[];
}

/** The entities a read-back compared field by field, and the categories whose product count it checked. */
export interface VerificationScope {
  categories: number;
  options: number;
  optionValues: number;
  productCounts: number;
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
  /** The guards behind `blocked`, with the numbers they decided on ([] when not blocked). */
  blockedBy: GuardBlock[];
  /** How the run ended; `errors` (and `errorDetails`) say why when it is not a success. */
  outcome: RunOutcome;
  applied: boolean;
  /** null when nothing was sent or the read-back was not done. */
  verified: boolean | null;
  verification?: Verification;
  attempts: number;
  /** One line per error, as printed (kept for readers of format 1). */
  errors: string[];
  /** The same errors with a code each (a closed list) and the platform's status and code. */
  errorDetails: RunError[];
  startedAt?: string;
  finishedAt?: string;
  /** A run of `menusync rollback`: the run whose menu it went back to. */
  rollback?: RollbackOrigin;
}

/** A plan without its entries and payload, for reports that must stay small. */
export type PlanSummary = Omit<Plan, 'entries' | 'payload'>;

/** The entries of the report's plan, or none when it carries only a summary. */
export function reportEntries(report: RunReport): Plan['entries'] {
  return 'entries' in report.plan ? report.plan.entries : [];
}

/** How every renderer says where a rollback run went back to (after "Rollback: "). */
export function rollbackText(origin: RollbackOrigin): string {
  return `to the menu run ${origin.runId} confirmed (applied ${origin.appliedAt})`;
}

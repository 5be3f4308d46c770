import type { TargetRunResult } from '../apply/0-start/target-run-result.js';
import { ExitCode } from '../errors.js';
import type { GuardBlock, PlanCounts, PlanMode } from '../plan/types.js';
import type { RunOutcome } from '../report/outcome.js';

/** How one target of a fleet ended, in one word: what the summary counts. */
export type FleetStatus = 'applied' | 'unchanged' | 'changes' | 'blocked' | 'locked' | 'failed';

/** One target of a fleet run: what `--json` prints and the fleet report lists. Never a secret. */
export interface FleetEntry {
  target: string;
  /** The exit code this target alone would have had. */
  exit: number;
  status: FleetStatus;
  mode: PlanMode | null;
  outcome: RunOutcome | null;
  counts: PlanCounts | null;
  applied: boolean;
  verified: boolean | null;
  blocked: string | null;
  /** The guards behind `blocked` with their numbers and the first bad row ([] when not blocked). */
  blockedBy: GuardBlock[];
  errors: string[];
  ms: number;
  /** The target's own report (an apply's runs/<id>/report.html), when one was written. */
  report: string | null;
}

export interface FleetSummary {
  total: number;
  applied: number;
  /** Of `applied`: the platform confirmed the import, then something failed (read-back, report file). */
  appliedWithErrors: number;
  unchanged: number;
  /** Plans with changes (plan --all); an apply's changes are `applied`. */
  changes: number;
  blocked: number;
  locked: number;
  failed: number;
  /** Wall time of the whole fleet. */
  ms: number;
}

export function fleetEntry(target: string, result: TargetRunResult): FleetEntry {
  const report = result.report;
  const errors =
    report && report.errors.length > 0 ? report.errors : result.errorText ? [result.errorText] : [];
  return {
    target,
    exit: result.exit,
    status: statusOf(result),
    mode: report?.mode ?? null,
    outcome: report?.outcome ?? null,
    counts: report?.counts ?? null,
    applied: report?.applied ?? false,
    verified: report?.verified ?? null,
    blocked: report?.blocked ?? null,
    blockedBy: report?.blockedBy ?? [],
    errors,
    ms: result.ms,
    report: result.reportFile ?? null,
  };
}

function statusOf(result: TargetRunResult): FleetStatus {
  // The platform confirmed the import: whatever failed after it (the read-back, a report file)
  // is the entry's error and exit code, never a "failed" that reads as "the menu is unchanged".
  if (result.report?.applied) return 'applied';
  switch (result.exit) {
    case ExitCode.blocked:
      return 'blocked';
    case ExitCode.locked:
      return 'locked';
    case ExitCode.ok:
    case ExitCode.changes:
      if (result.report?.applied) return 'applied';
      return result.report?.mode === 'none' ? 'unchanged' : 'changes';
    default:
      return 'failed';
  }
}

export function summarize(entries: readonly FleetEntry[], ms: number): FleetSummary {
  const count = (status: FleetStatus) => entries.filter((e) => e.status === status).length;
  return {
    total: entries.length,
    applied: count('applied'),
    appliedWithErrors: entries.filter((e) => e.status === 'applied' && e.exit !== ExitCode.ok).length,
    unchanged: count('unchanged'),
    changes: count('changes'),
    blocked: count('blocked'),
    locked: count('locked'),
    failed: count('failed'),
    ms,
  };
}

/**
 * The fleet's exit code: 1 if any target failed (or applied, then failed to read back), else 3 if any was blocked, else 4 if any was held
 * by another run, else 10 if any target's own code was 10 (plan --detailed-exitcode), else 0.
 */
export function fleetExit(entries: readonly FleetEntry[]): ExitCode {
  if (entries.some((e) => e.status === 'failed' || e.exit === ExitCode.failure)) return ExitCode.failure;
  if (entries.some((e) => e.status === 'blocked')) return ExitCode.blocked;
  if (entries.some((e) => e.status === 'locked')) return ExitCode.locked;
  if (entries.some((e) => e.exit === ExitCode.changes)) return ExitCode.changes;
  return ExitCode.ok;
}

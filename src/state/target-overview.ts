import type { StateStore, TargetLastReport } from './store.js';

/** One line of `menusync state list`: a target, its last run and where it stands. */
export interface TargetOverview {
  key: string;
  location: string;
  baseUrl: string | null;
  clientId: string | null;
  lastRunId: string | null;
  /** The last run's mode and outcome, from its report (null when it wrote none). */
  mode: string | null;
  outcome: string | null;
  uncertain: boolean;
  locked: boolean;
}

/** Every target of a store, with what its last run's report says (read in one pass: lastRunReports). */
export async function targetOverview(store: StateStore): Promise<TargetOverview[]> {
  return (await store.lastRunReports()).map(overviewOf);
}

function overviewOf(entry: TargetLastReport): TargetOverview {
  const report = entry.target ? runReport(entry.lastReport) : null;
  return {
    key: entry.key,
    location: entry.location,
    baseUrl: entry.target?.baseUrl ?? null,
    clientId: entry.target?.clientId ?? null,
    lastRunId: entry.lastRunId,
    mode: typeof report?.mode === 'string' ? report.mode : null,
    outcome: typeof report?.outcome === 'string' ? report.outcome : null,
    uncertain: entry.uncertain,
    locked: entry.locked,
  };
}

/** A run's report.json, or null when it is missing or not JSON (a run killed before its report). */
function runReport(bytes: Buffer | null): Record<string, unknown> | null {
  if (bytes === null) return null;
  try {
    const report = JSON.parse(bytes.toString('utf8')) as unknown;
    return typeof report === 'object' && report !== null ? (report as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

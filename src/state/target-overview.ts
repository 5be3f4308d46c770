import type { StateStore, StoredTarget, TargetStore } from './store.js';
import { DEFAULT_POS_UID } from './target.js';

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

/** Every target of a store, with what its last run's report says. */
export async function targetOverview(store: StateStore): Promise<TargetOverview[]> {
  const targets = await store.listTargets();
  return Promise.all(targets.map((entry) => overviewOf(store, entry)));
}

async function overviewOf(store: StateStore, entry: StoredTarget): Promise<TargetOverview> {
  const { target, lastRunId } = entry;
  const report =
    target && lastRunId
      ? await runReport(store.target({ ...target, posUid: DEFAULT_POS_UID }), lastRunId)
      : null;
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
async function runReport(target: TargetStore, runId: string): Promise<Record<string, unknown> | null> {
  const bytes = await target.readRunFile(runId, 'report.json');
  if (bytes === null) return null;
  try {
    const report = JSON.parse(bytes.toString('utf8')) as unknown;
    return typeof report === 'object' && report !== null ? (report as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

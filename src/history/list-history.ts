import { z } from 'zod';
import type { PlanCounts, PlanMode } from '../plan/types.js';
import type { RunOutcome } from '../report/outcome.js';
import { runIdTime } from '../state/run-history.js';
import type { StoredRun, TargetStore } from '../state/store.js';
import { decisionLine, readDecision } from './run-decision.js';

export { runIdTime };

const Counts = z.object({ add: z.number(), update: z.number(), remove: z.number(), keep: z.number() });

/**
 * The members of a run's report.json that history shows. Only these are checked (a report of a
 * later format may carry more); the plan inside is not read at all.
 */
export const RunReportSummary = z.object({
  command: z.enum(['plan', 'apply']),
  mode: z.enum(['none', 'merge', 'replace']),
  outcome: z.enum(['planned', 'none', 'applied', 'blocked', 'cancelled', 'failed', 'uncertain']),
  counts: z.object({ categories: Counts, products: Counts, options: Counts, option_values: Counts }),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  rollback: z.object({ runId: z.string(), appliedAt: z.string() }).optional(),
  /** For `fleet status`: why a run did not succeed, and whether its read-back matched. */
  errors: z.array(z.string()).optional(),
  verified: z.boolean().nullable().optional(),
});
export type RunReportSummary = z.infer<typeof RunReportSummary>;

/** One line of `menusync history` (and one element of its --json array). */
export interface HistoryEntry {
  runId: string;
  /** From the report; for a run without one, the time its id was made from. */
  startedAt: string | null;
  finishedAt: string | null;
  command: 'apply' | 'rollback' | 'plan' | null;
  mode: PlanMode | null;
  outcome: RunOutcome | null;
  /** Entities of every kind (categories, products, options, values) the run's plan added, changed, removed. */
  changes: { added: number; changed: number; removed: number } | null;
  /** The same per kind, as the run's report has them. */
  counts: PlanCounts | null;
  /** The run left a confirmed menu: `rollback --to` this run can go back to it. */
  rollbackPoint: boolean;
  /** The newest rollback point: its menu is the target's current baseline. */
  current: boolean;
  /** For a rollback, the run whose menu it went back to. */
  rollbackTo: string | null;
  /** Why the report is missing: a run killed before writing it, or a file that does not read. */
  note: string | null;
}

export const NO_REPORT = 'no report (interrupted?)';

/** The target's runs, newest first, each with what its report says; never fails on one bad run. */
export async function listHistory(store: TargetStore): Promise<HistoryEntry[]> {
  const runs = await store.listRuns();
  const current = currentRun(runs);
  const entries = await Promise.all(runs.map((run) => historyEntry(store, run, run.id === current)));
  return entries.reverse();
}

/** The run whose menu the target's baseline is: the newest that confirmed one (ids sort by start). */
export function currentRun(runs: readonly StoredRun[]): string | null {
  return runs.filter((run) => run.confirmed).at(-1)?.id ?? null;
}

async function historyEntry(store: TargetStore, run: StoredRun, current: boolean): Promise<HistoryEntry> {
  const entry = await reportEntry(store, run, current);
  // A blocked run a person approved or rejected in the console says who, when and what came of it.
  const decision = entry.outcome === 'blocked' ? await readDecision(store, run.id) : null;
  return decision ? { ...entry, note: decisionLine(decision) } : entry;
}

async function reportEntry(store: TargetStore, run: StoredRun, current: boolean): Promise<HistoryEntry> {
  const summary = await readSummary(store, run.id);
  const point = { rollbackPoint: run.confirmed, current };
  if (typeof summary === 'string') {
    return {
      runId: run.id,
      startedAt: runIdTime(run.id),
      finishedAt: null,
      command: null,
      mode: null,
      outcome: null,
      changes: null,
      counts: null,
      ...point,
      rollbackTo: null,
      note: summary,
    };
  }
  const kinds = Object.values(summary.counts);
  const total = (action: 'add' | 'update' | 'remove') => kinds.reduce((sum, c) => sum + c[action], 0);
  return {
    runId: run.id,
    startedAt: summary.startedAt ?? runIdTime(run.id),
    finishedAt: summary.finishedAt ?? null,
    command: summary.rollback ? 'rollback' : summary.command,
    mode: summary.mode,
    outcome: summary.outcome,
    changes: { added: total('add'), changed: total('update'), removed: total('remove') },
    counts: summary.counts,
    ...point,
    rollbackTo: summary.rollback?.runId ?? null,
    note: null,
  };
}

/** The report's summary, or why there is none. */
export async function readSummary(store: TargetStore, runId: string): Promise<RunReportSummary | string> {
  let bytes: Buffer | null;
  try {
    bytes = await store.readRunFile(runId, 'report.json');
  } catch (error) {
    return `report unreadable (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  if (bytes === null) return NO_REPORT;
  try {
    const parsed = RunReportSummary.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data : 'report of an unknown shape';
  } catch {
    return 'report is not valid JSON';
  }
}

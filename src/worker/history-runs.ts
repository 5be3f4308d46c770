import type { LoadedConfig } from '../config/load-config.js';
import { ExitCode } from '../errors.js';
import { RunReportSummary } from '../history/list-history.js';
import { parseJsonBytes } from '../model/json-bytes.js';
import type { PlanCounts, PlanMode } from '../plan/types.js';
import { resolveMenuAddress } from '../platform/menu-address.js';
import type { RunOutcome } from '../report/outcome.js';
import type { StateStore } from '../state/store.js';
import { targetKey } from '../state/target.js';
import type { LedgerState } from './job-ledger.js';

/** A target's newest run as its state's history holds it, whoever ran it. */
export interface HistoryRun {
  runId: string;
  finishedAt: string;
  outcome: RunOutcome;
  mode: PlanMode | null;
  counts: PlanCounts | null;
  /** As the queue's ledger words a job that ended so, and the exit `apply` had. */
  state: LedgerState;
  exit: number;
  error: string | null;
}

/**
 * The newest run of every config target in the state, by the target's menu (base URL and client
 * id, the state's key): runs of cron's `apply --all`, of a person, of the library and of the
 * workers alike, since each leaves its report in the run history. A target the state has never
 * seen, or whose address the config leaves to flags, has none.
 */
export async function newestRuns(
  store: StateStore,
  loaded: LoadedConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Map<string, HistoryRun>> {
  // Every target's newest report in one pass (one query in PostgreSQL), not a read per target.
  const byKey = new Map((await store.lastRunReports()).map((stored) => [stored.key, stored]));
  const runs = new Map<string, HistoryRun>();
  // The address is all a target's settings give here (not configTarget's resolved paths).
  for (const [name, config] of Object.entries(loaded.config.targets)) {
    const { baseUrl, clientId } = resolveMenuAddress({ config, env });
    if (!baseUrl || !clientId) continue;
    const stored = byKey.get(targetKey({ baseUrl, clientId }));
    if (!stored?.target || !stored.lastRunId) continue;
    const run = historyRun(stored.lastRunId, parseJsonBytes(RunReportSummary, stored.lastReport));
    if (run) runs.set(name, run);
  }
  return runs;
}

/** A run's summary read for status; null when it has none or it does not read (a run killed early). */
function historyRun(runId: string, summary: RunReportSummary | null): HistoryRun | null {
  if (summary === null) return null;
  const finishedAt = summary.finishedAt ?? summary.startedAt;
  if (!finishedAt) return null;
  const error = summary.errors?.[0] ?? null;
  const { state, exit } = endOf(summary.outcome, error !== null || summary.verified === false);
  return {
    runId,
    finishedAt,
    outcome: summary.outcome,
    mode: summary.mode,
    counts: summary.counts,
    state,
    exit,
    error,
  };
}

/** The ledger state and exit code of a run that ended with this outcome, as apply and the worker decide them. */
function endOf(outcome: RunOutcome, troubled: boolean): { state: LedgerState; exit: number } {
  switch (outcome) {
    case 'blocked':
      return { state: 'needs-person', exit: ExitCode.blocked };
    case 'failed':
    case 'uncertain':
    case 'cancelled':
      return { state: 'failed', exit: ExitCode.failure };
    default:
      return troubled
        ? { state: 'failed', exit: ExitCode.failure }
        : { state: 'succeeded', exit: ExitCode.ok };
  }
}

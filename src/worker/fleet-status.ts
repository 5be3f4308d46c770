import type { LoadedConfig } from '../config/load-config.js';
import type { PlanCounts, PlanMode } from '../plan/types.js';
import type { RunOutcome } from '../report/outcome.js';
import { isEnabled } from './config-targets.js';
import type { HistoryRun } from './history-runs.js';
import type { LedgerRow, LedgerState } from './job-ledger.js';
import { needsPerson } from './job-outcome.js';
import { nextCronTime } from './next-cron-time.js';
import { SYNC_QUEUE, type QueueConnection } from './queue.js';
import { registeredSchedules } from './schedules.js';

/** One target of `fleet status` (and one element of its --json `targets`). */
export interface TargetQueueStatus {
  target: string;
  enabled: boolean;
  /** The newest run, from the run history or the queue's ledger, whichever is newer. */
  lastRun: {
    /** The queue's job, null for a run outside the queue (cron's apply, a person, the library). */
    jobId: string | null;
    finishedAt: string;
    state: LedgerState;
    exit: number | null;
    outcome: RunOutcome | null;
    mode: PlanMode | null;
    counts: PlanCounts | null;
    worker: string | null;
    runId: string | null;
  } | null;
  /** A job waiting or running now, and where. */
  current: {
    jobId: string;
    state: 'queued' | 'running' | 'retrying';
    worker: string | null;
    since: string;
    attempts: number;
  } | null;
  /** The next time the registered schedule fires (null without one). */
  nextScheduled: string | null;
  schedule: { cron: string; timezone: string } | null;
  lastError: string | null;
  needsPerson: boolean;
}

/**
 * Where every target of the config stands: its last run from the run history (whoever ran it:
 * cron, a person, the library or a worker) or the queue's ledger when that is newer or the same run
 * (it knows the job and the worker), queued and running jobs from the ledger and pg-boss (whether a
 * running job's worker is still there), and the registered schedules.
 */
export async function fleetStatus(
  queue: QueueConnection,
  loaded: LoadedConfig,
  history: ReadonlyMap<string, HistoryRun> = new Map(),
  now = new Date(),
): Promise<TargetQueueStatus[]> {
  const { newest, lastRun: ledgerRuns } = await queue.ledger.latest();
  const schedules = await registeredSchedules(queue);
  const rows: TargetQueueStatus[] = [];
  for (const [target, config] of Object.entries(loaded.config.targets)) {
    const last = newerRun(ledgerRuns.get(target), history.get(target));
    const schedule = schedules.get(target);
    rows.push({
      target,
      enabled: isEnabled(config),
      lastRun: last?.run ?? null,
      current: await currentOf(queue, newest.get(target)),
      nextScheduled: schedule
        ? (nextCronTime(schedule.cron, schedule.timezone, now)?.toISOString() ?? null)
        : null,
      schedule: schedule ? { cron: schedule.cron, timezone: schedule.timezone } : null,
      lastError: last?.error ?? null,
      needsPerson: last ? needsPerson(last.run.state) : false,
    });
  }
  return rows;
}

type LastRun = NonNullable<TargetQueueStatus['lastRun']>;

/** The ledger's job when it ran the history's newest run or came after it; else the history's run. */
function newerRun(
  row: LedgerRow | undefined,
  run: HistoryRun | undefined,
): { run: LastRun; error: string | null } | undefined {
  if (row && (!run || row.runId === run.runId || row.finishedAt!.toISOString() >= run.finishedAt))
    return { run: lastRunOf(row), error: row.error };
  if (!run) return undefined;
  const { runId, finishedAt, state, exit, outcome, mode, counts } = run;
  return {
    run: { jobId: null, finishedAt, state, exit, outcome, mode, counts, worker: null, runId },
    error: run.error,
  };
}

function lastRunOf(row: LedgerRow): LastRun {
  return {
    jobId: row.jobId,
    finishedAt: row.finishedAt!.toISOString(),
    state: row.state,
    exit: row.exitCode,
    outcome: row.result?.outcome ?? null,
    mode: row.result?.mode ?? null,
    counts: row.result?.counts ?? null,
    worker: row.worker,
    runId: row.runId,
  };
}

/**
 * The ledger's newest job of the target, if it is not finished. A running one is checked with
 * pg-boss: a job whose worker died is back to 'retry' once it expired, and another worker takes it.
 */
async function currentOf(
  queue: QueueConnection,
  row: LedgerRow | undefined,
): Promise<TargetQueueStatus['current']> {
  if (!row || !['queued', 'running', 'retrying'].includes(row.state)) return null;
  let state = row.state as 'queued' | 'running' | 'retrying';
  if (state !== 'queued') {
    const job = await queue.boss.getJobById(SYNC_QUEUE, row.jobId);
    if (!job || job.state === 'completed' || job.state === 'cancelled' || job.state === 'failed') return null;
    if (job.state === 'retry' || job.state === 'created') state = 'retrying';
    else state = 'running';
  }
  return {
    jobId: row.jobId,
    state,
    worker: state === 'running' ? row.worker : null,
    since: (row.startedAt ?? row.queuedAt).toISOString(),
    attempts: row.attempts,
  };
}

import type { FleetEntry } from '../fleet/fleet-entry.js';
import type { Db } from '../state/postgres/pg-db.js';

/** Where a queued run stands, as the ledger keeps it. */
export type LedgerState =
  'queued' | 'running' | 'succeeded' | 'retrying' | 'failed' | 'needs-person' | 'held';

/**
 * Why a job exists: `fleet enqueue`, a target's registered schedule, a run held by another, or a
 * person's approval in the console (the job applies that blocked run's kept plan).
 */
export type JobSource = 'enqueue' | 'schedule' | 'held-retry' | 'approval';

export interface LedgerRow {
  jobId: string;
  target: string;
  source: JobSource;
  state: LedgerState;
  queuedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  worker: string | null;
  attempts: number;
  exitCode: number | null;
  runId: string | null;
  result: FleetEntry | null;
  error: string | null;
}

/** How a finished attempt is written down (finish). */
export interface JobEnd {
  state: LedgerState;
  exitCode: number;
  runId: string | null;
  result: FleetEntry;
  error: string | null;
}

/**
 * The workers' ledger in the state's schema (migration 3, table worker_jobs): pg-boss keeps the
 * queue, this keeps what it does not: which worker took a run, how it ended, and whether it needs
 * a person. One row per job id; a retried job updates its row (attempts counts the starts).
 */
export class JobLedger {
  constructor(private readonly db: Db) {}

  /** Many queued jobs in one statement (an enqueue of thousands of targets is one round trip). */
  async queued(jobs: readonly { jobId: string; target: string }[], source: JobSource): Promise<void> {
    if (jobs.length === 0) return;
    await this.db.run(
      `INSERT INTO {s}.worker_jobs (job_id, target, source, state)
       SELECT id::uuid, target, $3, 'queued' FROM unnest($1::text[], $2::text[]) AS j (id, target)
       ON CONFLICT (job_id) DO NOTHING`,
      [jobs.map((job) => job.jobId), jobs.map((job) => job.target), source],
      true,
    );
  }

  /** A worker took the job (again, after a retry or a dead worker's expiry). */
  async started(jobId: string, target: string, worker: string, source: JobSource): Promise<void> {
    await this.db.run(
      `INSERT INTO {s}.worker_jobs (job_id, target, source, state, started_at, worker, attempts)
       VALUES ($1::uuid, $2, $3, 'running', now(), $4, 1)
       ON CONFLICT (job_id) DO UPDATE SET state = 'running', started_at = now(), finished_at = NULL,
         worker = excluded.worker, attempts = {s}.worker_jobs.attempts + 1`,
      [jobId, target, source, worker],
      true,
    );
  }

  async finished(jobId: string, end: JobEnd): Promise<void> {
    await this.db.run(
      `UPDATE {s}.worker_jobs SET state = $2, finished_at = now(), exit_code = $3, run_id = $4,
         result = $5::jsonb, error = $6
       WHERE job_id = $1::uuid`,
      [jobId, end.state, end.exitCode, end.runId, JSON.stringify(end.result), end.error],
      true,
    );
  }

  /** Runs a stopping worker gave back to the queue after its grace period: they run again elsewhere. */
  async interrupted(jobIds: readonly string[]): Promise<void> {
    if (jobIds.length === 0) return;
    await this.db.run(
      `UPDATE {s}.worker_jobs SET state = 'retrying',
         error = 'the worker stopped before this run ended; it runs again on another worker'
       WHERE job_id = ANY($1::uuid[]) AND state = 'running'`,
      [[...jobIds]],
      true,
    );
  }

  /**
   * Sync jobs not yet started, by target: an enqueue skips them (the queue would drop a second one).
   * An approval waiting for the target is no sync: it has a singleton key of its own.
   */
  async waiting(targets: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.db.run<{ target: string; job_id: string }>(
      `SELECT DISTINCT ON (target) target, job_id::text AS job_id FROM {s}.worker_jobs
       WHERE state = 'queued' AND source <> 'approval' AND target = ANY($1::text[])
       ORDER BY target, queued_at DESC`,
      [[...targets]],
    );
    return new Map(rows.rows.map((row) => [row.target, row.job_id]));
  }

  /** For each target: its newest job, and its newest finished one (the last run). */
  async latest(): Promise<{ newest: Map<string, LedgerRow>; lastRun: Map<string, LedgerRow> }> {
    const newest = await this.db.run<RawRow>(
      `SELECT DISTINCT ON (target) ${COLUMNS} FROM {s}.worker_jobs
       ORDER BY target, coalesce(started_at, queued_at) DESC`,
    );
    const lastRun = await this.db.run<RawRow>(
      `SELECT DISTINCT ON (target) ${COLUMNS} FROM {s}.worker_jobs WHERE finished_at IS NOT NULL
       ORDER BY target, finished_at DESC`,
    );
    const byTarget = (rows: RawRow[]) => new Map(rows.map((row) => [row.target, fromRaw(row)]));
    return { newest: byTarget(newest.rows), lastRun: byTarget(lastRun.rows) };
  }
}

const COLUMNS = `job_id::text AS job_id, target, source, state, queued_at, started_at, finished_at,
  worker, attempts, exit_code, run_id, result, error`;

interface RawRow {
  job_id: string;
  target: string;
  source: JobSource;
  state: LedgerState;
  queued_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  worker: string | null;
  attempts: number;
  exit_code: number | null;
  run_id: string | null;
  result: FleetEntry | null;
  error: string | null;
}

function fromRaw(row: RawRow): LedgerRow {
  return {
    jobId: row.job_id,
    target: row.target,
    source: row.source,
    state: row.state,
    queuedAt: row.queued_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    worker: row.worker,
    attempts: row.attempts,
    exitCode: row.exit_code,
    runId: row.run_id,
    result: row.result,
    error: row.error,
  };
}

import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { DEFAULT_JOB_SETTINGS, jobSendOptions, type JobSettings } from './job-settings.js';
import { SYNC_QUEUE, type QueueConnection } from './queue.js';
import { singletonKeyOf, type SyncJobData } from './run-job.js';

export interface EnqueueResult {
  /** New jobs, in the order of the names given. */
  queued: { target: string; jobId: string }[];
  /** Targets that already had a job waiting: the queue keeps one per target, so none was added. */
  waiting: { target: string; jobId: string }[];
}

/**
 * Queues one sync job per target now. All of them go in one batched insert (pg-boss insert():
 * 10,000 targets are one statement, not 10,000 round trips), with ids made here since insert()
 * returns none, and the ledger gets them in one statement too.
 */
export async function enqueueTargets(
  queue: QueueConnection,
  targets: readonly string[],
  settings: JobSettings,
): Promise<EnqueueResult> {
  const waitingNow = await queue.ledger.waiting(targets);
  const waiting = targets
    .filter((target) => waitingNow.has(target))
    .map((target) => ({ target, jobId: waitingNow.get(target)! }));
  const queued = targets
    .filter((target) => !waitingNow.has(target))
    .map((target) => ({ target, jobId: randomUUID() }));
  const jobs: PgBoss.JobInsert<SyncJobData>[] = queued.map(({ target, jobId }) => {
    const options = jobSendOptions(target, settings);
    return {
      id: jobId,
      name: SYNC_QUEUE,
      data: { target, source: 'enqueue', settings },
      singletonKey: target,
      retryLimit: options.retryLimit!,
      retryDelay: options.retryDelay!,
      retryBackoff: true,
      expireInSeconds: options.expireInSeconds!,
    };
  });
  if (jobs.length > 0) await queue.boss.insert(jobs);
  await queue.ledger.queued(queued, 'enqueue');
  return { queued, waiting };
}

/**
 * Hands a person's approval to the workers: one job that applies the blocked run's kept plan
 * (approval-job.ts). Its singleton key is the run, not the target: a nightly job waiting for the
 * target does not swallow it, and the target's lock keeps the two runs apart.
 */
export async function enqueueApproval(
  queue: QueueConnection,
  target: string,
  blockedRun: string,
  settings: JobSettings = DEFAULT_JOB_SETTINGS,
): Promise<string> {
  const data: SyncJobData = { target, source: 'approval', settings, approvedRun: blockedRun };
  const options = { ...jobSendOptions(target, settings), singletonKey: singletonKeyOf(data) };
  const jobId = await queue.boss.send(SYNC_QUEUE, data, options);
  // null: this run's approval job already waits (a decision is taken once, so only a retry of this).
  if (!jobId) throw new Error(`an approval job for run ${blockedRun} already waits`);
  await queue.ledger.queued([{ jobId, target }], 'approval');
  return jobId;
}

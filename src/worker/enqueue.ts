import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { jobSendOptions, type JobSettings } from './job-settings.js';
import { SYNC_QUEUE, type QueueConnection } from './queue.js';
import type { SyncJobData } from './run-job.js';

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

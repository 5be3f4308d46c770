import type PgBoss from 'pg-boss';
import { forwardSchedules } from './schedule-forward.js';
import { runSyncJob, type JobContext, type SyncJobData } from './run-job.js';
import { runApprovalJob } from './approval-job.js';
import { openQueue, SYNC_QUEUE, type QueueTiming } from './queue.js';
import { persist } from './persist.js';

export interface WorkerOptions extends QueueTiming, Omit<JobContext, 'queue'> {
  concurrency: number;
  /** On stop, running syncs get this long to finish; then their jobs are given back to the queue. */
  graceSeconds: number;
  /** How often a target's schedule queue is looked at (its jobs only start a sync). */
  schedulePollSeconds?: number;
  onError?: (error: Error) => void;
}

export interface RunningWorker {
  /** Targets whose schedules this worker forwards. */
  scheduled: string[];
  /**
   * Takes no new job, lets running syncs end within the grace period, then hands the ones still
   * running back to the queue (another worker takes them) and closes. Resolves to their number.
   */
  stop(): Promise<number>;
}

/**
 * A sync worker: `concurrency` pg-boss workers on the sync queue, each running one target's sync
 * at a time, plus the forwarders of the config's schedules. Every worker on every machine does
 * the same; pg-boss hands each job to one of them.
 */
export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const queue = await openQueue(options.stateUrl, {
    name: `menusync worker ${options.worker}`,
    background: true,
    connections: options.concurrency + 4,
    slots: options.concurrency,
    presence: true,
    ...(options.pollSeconds ? { pollSeconds: options.pollSeconds } : {}),
    ...(options.superviseSeconds ? { superviseSeconds: options.superviseSeconds } : {}),
    ...(options.cronSeconds ? { cronSeconds: options.cronSeconds } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  const context: JobContext = { ...options, queue };
  const running = new Map<string, string>();
  let stopping = false;
  const workOptions = { batchSize: 1, includeMetadata: true as const };
  const workerIds: string[] = [];
  for (let slot = 0; slot < options.concurrency; slot++) {
    const handler = async ([job]: PgBoss.JobWithMetadata<SyncJobData>[]) => {
      if (!job) return;
      running.set(job.id, job.data.target);
      try {
        await (job.data.approvedRun ? runApprovalJob(context, job) : runSyncJob(context, job));
      } finally {
        running.delete(job.id);
        // pg-boss waits a polling interval after a short job; a worker that just finished one
        // asks for the next at once (a fleet of quick syncs would otherwise crawl).
        const workerId = workerIds[slot];
        if (!stopping && workerId) queue.boss.notifyWorker(workerId);
      }
    };
    workerIds.push(await queue.boss.work<SyncJobData>(SYNC_QUEUE, workOptions, handler));
  }
  const scheduled = await forwardSchedules(queue, options.loaded, options.schedulePollSeconds);
  return {
    scheduled,
    async stop() {
      stopping = true;
      await queue.boss.stop({ graceful: true, wait: true, timeout: options.graceSeconds * 1000 });
      const left = [...running.keys()];
      // pg-boss failed these jobs on stop (they retry on another worker); the ledger says so.
      await persist(() => queue.ledger.interrupted(left), 2).catch(() => undefined);
      await queue.close();
      return left.length;
    },
  };
}

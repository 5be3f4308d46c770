import { SYNC_QUEUE, type QueueConnection } from './queue.js';

/** The sync queue's jobs as pg-boss counts them: waiting (created, or to be retried) and running. */
export interface SyncQueueSize {
  waiting: number;
  running: number;
}

/**
 * Jobs, not targets: an approval waiting beside its target's nightly sync is two. Two counts read
 * one after the other (pg-boss's documented getQueueSize), so a job that starts between them is
 * counted once at most, never as a negative.
 */
export async function syncQueueSize(queue: QueueConnection): Promise<SyncQueueSize> {
  const waiting = await queue.boss.getQueueSize(SYNC_QUEUE, { before: 'active' });
  const unfinished = await queue.boss.getQueueSize(SYNC_QUEUE, { before: 'completed' });
  return { waiting, running: Math.max(0, unfinished - waiting) };
}

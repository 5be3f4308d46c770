/** A schedule queue's jobs only start a sync: looking at them less often than the sync queue is enough. */
export const DEFAULT_SCHEDULE_POLL_SECONDS = 15;

/** What `worker` does without its flags: shown in its help and used by the running worker. */
export const WORKER_DEFAULTS = { concurrency: 4, grace: 60, heldRetry: 30 };

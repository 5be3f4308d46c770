import type { ConfigFlags } from '../config/config-reference.js';
import { FLAG_NAMES } from './setting-flags.js';

/**
 * How the command line gives what docs/config.md lists: each setting's flag, and the numbers only
 * the CLI's own commands take (the fleet's concurrency, the worker's timings). The reference is
 * generated with these (scripts/docs-config.mjs).
 */
export const CONFIG_FLAGS: ConfigFlags = {
  settings: FLAG_NAMES,
  ranges: {
    concurrency: '--concurrency (fleet runs and worker)',
    graceSeconds: 'worker --grace-seconds',
    heldRetrySeconds: 'worker --held-retry-seconds',
    pollSeconds: 'worker --poll-seconds',
    superviseSeconds: 'worker --supervise-seconds',
    schedulePollSeconds: 'worker --schedule-poll-seconds',
    cronSeconds: 'worker --cron-seconds',
    retries: '--retries (fleet enqueue, fleet schedule)',
    retryDelay: '--retry-delay',
    expireSeconds: '--expire-seconds',
    historyLimit: 'history --limit',
    rollbackSteps: 'rollback --steps',
    sandboxPort: 'sandbox --port',
  },
};

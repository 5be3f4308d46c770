import { DEFAULT_KEEP_RUNS } from '../../state/keep-runs.js';

/** The built-in value of each connection setting, the last source resolveSettings reads. */
export const CONNECTION_DEFAULTS = { auth: 'oauth', maxAttempts: 5, maxRetryTime: 120, timeout: 30 } as const;

/** A merge import above this many bytes is sent in several requests (apply/split-payload.ts). */
export const DEFAULT_MAX_PAYLOAD_BYTES = 5 * 1024 * 1024;

export { DEFAULT_KEEP_RUNS };

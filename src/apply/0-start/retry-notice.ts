import type { RetryNotice } from '../../platform/types.js';
import type { Output } from '../../output.js';

/**
 * The platform client's retry lines on stderr: each retry as a warning (hidden by --quiet, so a
 * cron log keeps only what failed), and why retrying stopped as an error (always shown: it
 * explains the failure that follows, e.g. a Retry-After longer than the budget).
 */
export function retryNotice(out: Output): RetryNotice {
  return (message, kind) => (kind === 'retrying' ? out.warn(message) : out.error(message));
}

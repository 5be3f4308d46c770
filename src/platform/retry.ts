import pRetry from 'p-retry';
import { AbortError } from 'p-retry';
import { cancelledError } from '../errors.js';
import { PlatformError } from './errors.js';
import type { RetryNotice, RetryPolicy } from './types.js';

/**
 * Runs `attempt` under the retry policy with p-retry, bounded by both maxAttempts and
 * maxRetryTimeMs (no retry starts after the budget). Only retriable PlatformErrors are retried.
 * The wait before a retry is the platform's Retry-After when it gave one, else exponential backoff
 * with jitter; it is waited out here (p-retry's own delay is 0; its docs show onFailedAttempt
 * adding the delay) so that the line announcing the retry can say how long. A wait that reaches
 * past the remaining budget ends retrying at once: sleeping through the budget would only delay
 * the same failure.
 */
export async function withRetry<T>(
  policy: RetryPolicy,
  label: string,
  attempt: (attemptNumber: number) => Promise<T>,
  notice: RetryNotice,
  signal?: AbortSignal,
): Promise<T> {
  const started = performance.now();
  const remaining = () => policy.maxRetryTimeMs - (performance.now() - started);
  const of = `of ${policy.maxAttempts}`;
  return pRetry(
    async (attemptNumber) => {
      try {
        return await attempt(attemptNumber);
      } catch (error) {
        if (error instanceof PlatformError && error.retriable) throw error;
        throw new AbortError(error instanceof Error ? error : new Error(String(error)));
      }
    },
    {
      retries: Math.max(0, policy.maxAttempts - 1),
      // The time budget is enforced in onFailedAttempt (never a retry that would start past it), so
      // that every way retrying ends gets its line.
      maxRetryTime: Number.POSITIVE_INFINITY,
      minTimeout: 0,
      maxTimeout: 0,
      randomize: false,
      // Cancelled: no further attempt (p-retry checks it between attempts), and the wait stops.
      ...(signal ? { signal } : {}),
      onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
        const failed = `${label}: ${failureReason(error, label)}`;
        const stop = (why: string) =>
          notice(`${failed}; giving up after attempt ${attemptNumber} ${of}: ${why}`, 'giving-up');
        if (retriesLeft <= 0) return stop('no attempts left');
        const left = remaining();
        const budget = `the ${seconds(policy.maxRetryTimeMs)} retry budget`;
        if (left <= 0) {
          stop(`${budget} is spent`);
          throw error;
        }
        const retryAfter = error instanceof PlatformError ? error.retryAfterMs : undefined;
        if (retryAfter !== undefined && retryAfter >= left) {
          stop(
            `Retry-After asks to wait ${seconds(retryAfter)}, more than the ${seconds(left)} left of ${budget}`,
          );
          throw error;
        }
        const wait = retryAfter ?? backoff(policy, attemptNumber);
        if (wait >= left) {
          stop(`the next try (in ${seconds(wait)}) would come after ${budget} ends`);
          throw error;
        }
        const why = retryAfter !== undefined ? ' (Retry-After)' : '';
        notice(
          `${failed}; retrying in ${seconds(wait)}${why}, attempt ${attemptNumber + 1} ${of}`,
          'retrying',
        );
        await waitFor(wait, signal);
      },
    },
  );
}

/** The wait before a retry; a cancelled run does not sit it out. */
function waitFor(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** p-retry's formula (minTimeout * factor^(n-1), times a random 1 to 2, capped at maxTimeout). */
function backoff(policy: RetryPolicy, failedAttempt: number): number {
  const raw = policy.minDelayMs * 2 ** (failedAttempt - 1) * (1 + Math.random());
  return Math.round(Math.min(raw, policy.maxDelayMs));
}

/** Short: "HTTP 503", "HTTP 500 INTERNAL_ERROR", "RATE_LIMIT_EXCEEDED", "network error (ECONNRESET)". */
function failureReason(error: Error, label: string): string {
  if (!(error instanceof PlatformError)) return error.message;
  // A failure of the token request made for this call names its own endpoint.
  const own = error.message.startsWith(label);
  // A code that only repeats the status (a proxy's HTTP_429) says nothing more.
  const code = error.code !== undefined && error.code !== `HTTP_${error.status}` ? ` ${error.code}` : '';
  if (own && error.status !== undefined && error.status !== 200) return `HTTP ${error.status}${code}`;
  if (own && error.status === 200 && error.code !== undefined) return error.code;
  return own ? error.message.slice(label.length).replace(/^:\s*/, '') : error.message;
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${s >= 10 ? Math.round(s) : Number(s.toFixed(1))} s`;
}

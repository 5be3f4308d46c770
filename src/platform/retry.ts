import pRetry, { AbortError } from 'p-retry';
import { PlatformError } from './errors.js';
import type { RetryPolicy } from './types.js';

/**
 * Runs `attempt` under the retry policy with p-retry: exponential backoff with jitter, bounded by
 * both maxAttempts and maxRetryTimeMs. Only retriable PlatformErrors are retried. A Retry-After
 * from the platform is waited out first; one that reaches past the remaining budget ends retrying
 * at once, since sleeping through the budget would only delay the same failure.
 */
export async function withRetry<T>(
  policy: RetryPolicy,
  label: string,
  attempt: (attemptNumber: number) => Promise<T>,
  log: (message: string) => void,
): Promise<T> {
  const started = performance.now();
  const remaining = () => policy.maxRetryTimeMs - (performance.now() - started);
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
      maxRetryTime: policy.maxRetryTimeMs,
      minTimeout: policy.minDelayMs,
      maxTimeout: policy.maxDelayMs,
      factor: 2,
      randomize: true,
      onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
        if (retriesLeft <= 0 || remaining() <= 0) return;
        const wait = error instanceof PlatformError ? error.retryAfterMs : undefined;
        if (wait !== undefined) {
          if (wait >= remaining()) {
            log(
              `${label}: attempt ${attemptNumber} failed and Retry-After ${wait} ms exceeds the time budget`,
            );
            throw error;
          }
          log(
            `${label}: attempt ${attemptNumber} failed (${error.message}); waiting ${wait} ms (Retry-After)`,
          );
          await new Promise((resolve) => setTimeout(resolve, wait));
          return;
        }
        log(`${label}: attempt ${attemptNumber} failed (${error.message}); retrying`);
      },
    },
  );
}

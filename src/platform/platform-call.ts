import { cancelledError, RunCancelledError } from '../errors.js';
import { redact } from '../secrets.js';
import { authHeaders } from './auth-headers.js';
import { FatalPlatformError, PlatformError } from './errors.js';
import { AttemptError, sendRequest } from './http.js';
import type { TokenSource } from './oauth-token.js';
import { withRetry } from './retry.js';
import type { Credentials, RetryNotice, RetryPolicy } from './types.js';
import { endpointUrl } from './url.js';

/** One logical call to the platform, before retries. */
export interface CallSpec {
  method: 'GET' | 'POST';
  endpoint: string;
  query?: Record<string, string | number>;
  body?: string | Uint8Array;
  onBodySent?: () => void;
  /** The call changes the menu: report outcomeUnknown when an attempt may have landed unseen. */
  mutating: boolean;
}

/** What every call of one client shares. */
export interface CallContext {
  baseUrl: string;
  credentials: Credentials;
  /** How the caller names the client secret, for the hint of a refused sign-in (`--client-secret-file`). */
  secretName?: string | undefined;
  tokens: TokenSource | undefined;
  policy: RetryPolicy;
  timeoutMs: number;
  log: (message: string) => void;
  notice: RetryNotice;
  signal?: AbortSignal | undefined;
}

export type PlatformCall = (spec: CallSpec) => Promise<{ body: Record<string, unknown>; attempts: number }>;

/** One logical call: retries, one token renewal on invalid_token, attempts and outcome bookkeeping. */
export function platformCall(context: CallContext): PlatformCall {
  const { tokens } = context;
  return async (spec) => {
    const label = `${spec.method} ${spec.endpoint}`;
    let attempts = 0;
    let maybeReached = false;
    let renewed = false;
    const send = async (): Promise<Record<string, unknown>> => {
      // Counted before the token: a try that fails at the token endpoint is still a try.
      attempts += 1;
      const auth = await authHeaders(tokens, context.credentials);
      try {
        return await sendRequest({
          method: spec.method,
          url: endpointUrl(context.baseUrl, spec.endpoint, spec.query),
          label,
          headers: {
            accept: 'application/json',
            ...(spec.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...auth.headers,
          },
          body: spec.body,
          timeoutMs: context.timeoutMs,
          secretName: context.secretName,
          signal: context.signal,
          ...(spec.onBodySent ? { onBodySent: spec.onBodySent } : {}),
        });
      } catch (error) {
        if (!(error instanceof AttemptError)) throw error;
        maybeReached ||= error.maybeReached;
        if (auth.token !== undefined && isInvalidToken(error.error)) tokens?.invalidate(auth.token);
        throw error.error;
      }
    };
    // A revoked or expired token: get a new one and resend, once per call, outside the retry budget.
    const sendRenewingOnce = async (): Promise<Record<string, unknown>> => {
      try {
        return await send();
      } catch (error) {
        if (!tokens || renewed || !isInvalidToken(error)) throw error;
        renewed = true;
        context.log(`${label}: access token rejected; requesting a new one`);
        return await send();
      }
    };
    try {
      const body = await withRetry(context.policy, label, sendRenewingOnce, context.notice, context.signal);
      return { body, attempts };
    } catch (error) {
      if (error instanceof RunCancelledError) throw error;
      if (context.signal?.aborted) throw cancelledError(context.signal);
      throw finalError(error, label, attempts, spec.mutating && maybeReached);
    }
  };
}

function isInvalidToken(error: unknown): boolean {
  return error instanceof PlatformError && error.status === 401 && error.code === 'invalid_token';
}

function finalError(error: unknown, label: string, attempts: number, outcomeUnknown: boolean): PlatformError {
  const platformError =
    error instanceof PlatformError
      ? error
      : new FatalPlatformError(
          redact(`${label}: ${error instanceof Error ? error.message : String(error)}`),
          {
            cause: error,
          },
        );
  platformError.attempts = Math.max(1, attempts);
  platformError.outcomeUnknown = outcomeUnknown;
  return platformError;
}

import type { ImportPayload } from '../model/import-payload.js';
import { redact, registerSecret } from '../secrets.js';
import { CategoryListing, listingError } from './category-page.js';
import { FatalPlatformError, PlatformError } from './errors.js';
import { AttemptError, sendRequest } from './http.js';
import { TokenSource } from './oauth-token.js';
import { withRetry } from './retry.js';
import {
  DEFAULT_RETRY_POLICY,
  type ImportMenuOptions,
  type ImportResult,
  type ListCategoriesQuery,
  type PlatformClient,
  type PlatformClientOptions,
  type RemoteCategory,
  type RetryNotice,
} from './types.js';
import { endpointUrl } from './url.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_PAGE_SIZE = 100;
// Beyond what total_count allows (category-page.ts): 100,000 categories is no restaurant's menu.
const MAX_PAGES = 1_000;

/**
 * Bodies a caller already serialized, by payload object: a 5k-product payload is ~7 MB of JSON and
 * stringifying it twice (once to size it, once to send it) showed in profiles. Weak, so a payload
 * dropped by its caller takes its body with it.
 */
const serializedBodies = new WeakMap<ImportPayload, string | Uint8Array>();

/**
 * Tells importMenu that `body` is JSON.stringify(payload) (as text, or as its UTF-8 bytes), so it
 * sends those bytes instead of serializing again. The payload must not be changed afterwards.
 * Returns the body.
 */
export function rememberSerializedPayload<B extends string | Uint8Array>(payload: ImportPayload, body: B): B {
  serializedBodies.set(payload, body);
  return body;
}

interface CallSpec {
  method: 'GET' | 'POST';
  endpoint: string;
  query?: Record<string, string | number>;
  body?: string | Uint8Array;
  onBodySent?: () => void;
  /** The call changes the menu: report outcomeUnknown when an attempt may have landed unseen. */
  mutating: boolean;
}

export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  try {
    new URL(options.baseUrl);
  } catch {
    throw new FatalPlatformError(`invalid platform base URL: ${options.baseUrl}`, {
      code: 'INVALID_BASE_URL',
    });
  }
  registerSecret(options.credentials.clientSecret);
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const log = (message: string) => options.log?.(redact(message));
  const notice: RetryNotice = (message, kind) =>
    options.notice ? options.notice(redact(message), kind) : log(message);
  const tokens =
    options.auth === 'oauth'
      ? new TokenSource({
          baseUrl: options.baseUrl,
          credentials: options.credentials,
          timeoutMs,
          renewMarginMs: options.tokenRenewMarginMs,
          now: options.now ?? Date.now,
          log,
        })
      : undefined;

  async function authHeaders(): Promise<{ headers: Record<string, string>; token?: string }> {
    if (!tokens) {
      return {
        headers: {
          'x-client-id': options.credentials.clientId,
          'x-client-secret': options.credentials.clientSecret,
        },
      };
    }
    try {
      const token = await tokens.get();
      return { headers: { authorization: `Bearer ${token}` }, token };
    } catch (error) {
      throw error instanceof AttemptError ? error.error : error;
    }
  }

  /** One logical call: retries, one token renewal on invalid_token, attempts and outcome bookkeeping. */
  async function call(spec: CallSpec): Promise<{ body: Record<string, unknown>; attempts: number }> {
    const label = `${spec.method} ${spec.endpoint}`;
    let attempts = 0;
    let maybeReached = false;
    let renewed = false;
    const send = async (): Promise<Record<string, unknown>> => {
      // Counted before the token: a try that fails at the token endpoint is still a try.
      attempts += 1;
      const auth = await authHeaders();
      try {
        return await sendRequest({
          method: spec.method,
          url: endpointUrl(options.baseUrl, spec.endpoint, spec.query),
          label,
          headers: {
            accept: 'application/json',
            ...(spec.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...auth.headers,
          },
          body: spec.body,
          timeoutMs,
          ...(spec.onBodySent ? { onBodySent: spec.onBodySent } : {}),
        });
      } catch (error) {
        if (!(error instanceof AttemptError)) throw error;
        maybeReached ||= error.maybeReached;
        if (auth.token !== undefined && isInvalidToken(error.error)) tokens?.invalidate(auth.token);
        throw error.error;
      }
    };
    try {
      const body = await withRetry(
        policy,
        label,
        async () => {
          try {
            return await send();
          } catch (error) {
            // A revoked or expired token: get a new one and resend, once per call, outside the retry budget.
            if (tokens && !renewed && isInvalidToken(error)) {
              renewed = true;
              log(`${label}: access token rejected; requesting a new one`);
              return await send();
            }
            throw error;
          }
        },
        notice,
      );
      return { body, attempts };
    } catch (error) {
      throw finalError(error, label, attempts, spec.mutating && maybeReached);
    }
  }

  return {
    async importMenu(payload: ImportPayload, importOptions: ImportMenuOptions = {}): Promise<ImportResult> {
      const { attempts } = await call({
        method: 'POST',
        endpoint: '/menu/import',
        body: serializedBodies.get(payload) ?? JSON.stringify(payload),
        mutating: true,
        ...(importOptions.onBodySent ? { onBodySent: importOptions.onBodySent } : {}),
      });
      return { success: true, attempts };
    },

    async prepare(): Promise<void> {
      try {
        await tokens?.get();
      } catch {
        // Not reported here: the call that needs the token asks again and reports what fails.
      }
    },

    async readSandboxMenu(): Promise<unknown> {
      // The menusync sandbox's own read-only view (the platform's read API has no products).
      const { body } = await call({ method: 'GET', endpoint: '/_sandbox/menu', mutating: false });
      return body.menu;
    },

    async listCategories(query: ListCategoriesQuery = {}): Promise<RemoteCategory[]> {
      const pagesize = Math.min(MAX_PAGE_SIZE, Math.max(1, query.pageSize ?? MAX_PAGE_SIZE));
      const listing = new CategoryListing(pagesize);
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const { body } = await call({
          method: 'GET',
          endpoint: '/menu/categories',
          query: {
            page,
            pagesize,
            ...(query.visible !== undefined ? { visible: query.visible } : {}),
            ...(query.q !== undefined ? { q: query.q } : {}),
          },
          mutating: false,
        });
        if (!listing.add(page, body)) return listing.categories;
      }
      throw listingError(`still more pages after ${MAX_PAGES}`);
    },
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

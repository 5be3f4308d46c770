import type { ImportPayload } from '../model/import-payload.js';
import { redact, registerSecret } from '../secrets.js';
import { FatalPlatformError } from './errors.js';
import { listAllCategories } from './list-categories.js';
import { TokenSource } from './oauth-token.js';
import { platformCall } from './platform-call.js';
import {
  DEFAULT_RETRY_POLICY,
  type ImportMenuOptions,
  type ImportResult,
  type PlatformClient,
  type PlatformClientOptions,
  type RetryNotice,
} from './types.js';

const DEFAULT_TIMEOUT_MS = 30_000;

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

/**
 * The client of one platform menu: its base URL, credentials, retry policy and token. Every call
 * goes through platformCall (retries, token renewal, outcome bookkeeping); messages it hands to
 * `log` and `notice` are redacted.
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  checkClientBaseUrl(options.baseUrl);
  registerSecret(options.credentials.clientSecret);
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const log = (message: string) => options.log?.(redact(message));
  const notice: RetryNotice = (message, kind) =>
    options.notice ? options.notice(redact(message), kind) : log(message);
  const tokens = options.auth === 'oauth' ? tokenSource(options, timeoutMs, log) : undefined;
  const call = platformCall({
    baseUrl: options.baseUrl,
    credentials: options.credentials,
    secretName: options.secretName,
    tokens,
    policy: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    timeoutMs,
    log,
    notice,
    signal: options.signal,
  });
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

    listCategories: (query) => listAllCategories(call, query),
  };
}

/** The caller resolved and checked the base URL (platform/menu-address.ts); this only refuses one that is no URL at all. */
function checkClientBaseUrl(baseUrl: string): void {
  try {
    new URL(baseUrl);
  } catch {
    throw new FatalPlatformError(`invalid platform base URL: ${baseUrl}`, { code: 'INVALID_BASE_URL' });
  }
}

function tokenSource(
  options: PlatformClientOptions,
  timeoutMs: number,
  log: (message: string) => void,
): TokenSource {
  return new TokenSource({
    baseUrl: options.baseUrl,
    credentials: options.credentials,
    secretName: options.secretName,
    timeoutMs,
    signal: options.signal,
    renewMarginMs: options.tokenRenewMarginMs,
    now: options.now ?? Date.now,
    log,
  });
}

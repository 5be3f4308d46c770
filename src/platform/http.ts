import { redact } from '../secrets.js';
import { FatalPlatformError, PlatformError, RetriablePlatformError } from './errors.js';
import { parseRetryAfter } from './url.js';

/** Statuses a proxy or an overloaded platform answers with; another try may succeed. */
const RETRIABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** Platform codes that come with HTTP 200 and still mean "try again later" (platform-notes.md). */
const RETRIABLE_CODES = new Set(['RATE_LIMIT_EXCEEDED', 'INTERNAL_ERROR']);
/** Connection errors raised before any byte of the request left: the platform saw nothing. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Gateway answers that may hide an upstream that received the request. */
const MAYBE_APPLIED_STATUSES = new Set([502, 504]);

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  /** For messages: method and endpoint, never the query or credentials. */
  label: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  timeoutMs: number;
  /** See ImportMenuOptions.onBodySent. */
  onBodySent?: () => void;
}

/**
 * A failed attempt and whether its body may have reached the platform unseen (timeouts,
 * connections lost after sending, gateway errors).
 */
export class AttemptError extends Error {
  constructor(
    readonly error: PlatformError,
    readonly maybeReached: boolean,
  ) {
    super(error.message);
  }
}

/** One HTTP exchange. Resolves to the JSON body of a success; throws AttemptError otherwise. */
export async function sendRequest(request: HttpRequest): Promise<Record<string, unknown>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {
      method: request.method,
      signal: AbortSignal.timeout(request.timeoutMs),
      ...requestBody(request),
    });
    text = await response.text();
  } catch (error) {
    throw networkError(request, error);
  }
  const error = interpretFailure(request.label, response.status, text);
  if (error === undefined) return JSON.parse(text) as Record<string, unknown>;
  error.retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  throw new AttemptError(error, MAYBE_APPLIED_STATUSES.has(response.status));
}

/**
 * Headers and body for fetch. With onBodySent the body goes as a one-chunk async iterable: fetch
 * asks it for more only once the chunk was written out in full (it waits for the socket to drain),
 * which is the moment to report. The length is given, so it is still sent with content-length,
 * not chunked.
 */
function requestBody(request: HttpRequest): Pick<RequestInit, 'headers' | 'body' | 'duplex'> {
  const { body, onBodySent } = request;
  if (body === undefined || onBodySent === undefined) return { headers: request.headers, body };
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield bytes;
    onBodySent?.();
  }
  return {
    headers: { ...request.headers, 'content-length': String(bytes.byteLength) },
    body: chunks(),
    duplex: 'half',
  };
}

function networkError(request: HttpRequest, error: unknown): AttemptError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    const timeout = new RetriablePlatformError(`${request.label}: no answer within ${request.timeoutMs} ms`, {
      code: 'TIMEOUT',
      cause: error,
    });
    return new AttemptError(timeout, true);
  }
  const code = causeCode(error);
  const reason = code ?? innermostMessage(error);
  const failure = new RetriablePlatformError(
    redact(`${request.label}: network error${reason ? ` (${reason})` : ''}`),
    { code: 'NETWORK_ERROR', cause: error, hint: 'check the base URL and that the platform is reachable' },
  );
  return new AttemptError(failure, code === undefined || !NOT_SENT_CODES.has(code));
}

/** fetch says only "fetch failed"; the reason ("bad port", "other side closed") is in its cause. */
function innermostMessage(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error && current.cause instanceof Error; depth += 1) {
    current = current.cause;
  }
  return current instanceof Error && current !== error ? current.message.slice(0, 120) : undefined;
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * Undefined for a success; otherwise the error, classified by status and code (never by message).
 * Understands the envelope {success:false, error, message} (at any status), the OAuth body
 * {error, error_description}, and non-JSON bodies from proxies.
 */
export function interpretFailure(label: string, status: number, text: string): PlatformError | undefined {
  const ok = status >= 200 && status < 300;
  const body = parseObject(text);
  if (body === undefined) {
    const message = redact(`${label}: HTTP ${status} with a non-JSON body: "${excerpt(text)}"`);
    if (RETRIABLE_STATUSES.has(status)) return new RetriablePlatformError(message, { status });
    return new FatalPlatformError(message, { status, code: ok ? 'NON_JSON_RESPONSE' : undefined });
  }
  if (ok && body.success !== false) return undefined;
  const code = typeof body.error === 'string' ? body.error : undefined;
  const detailValue = body.message ?? body.error_description;
  const detail = typeof detailValue === 'string' ? detailValue : undefined;
  const where = ok ? '' : ` (HTTP ${status})`;
  const message = redact(`${label} failed${where}: ${code ?? 'unknown error'}${detail ? `: ${detail}` : ''}`);
  const retriable = RETRIABLE_STATUSES.has(status) || (code !== undefined && RETRIABLE_CODES.has(code));
  const details = { status, ...(code !== undefined ? { code } : {}) };
  if (retriable) return new RetriablePlatformError(message, details);
  const hint = code !== undefined ? HINTS[code] : undefined;
  return new FatalPlatformError(message, { ...details, ...(hint ? { hint } : {}) });
}

/** What the user can do about the failures that are theirs to fix. */
const HINTS: Record<string, string> = {
  invalid_client:
    'check the client id and secret (MENUSYNC_CLIENT_ID, MENUSYNC_CLIENT_SECRET or --client-secret-file)',
  INVALID_AUTH:
    'check the client id and secret (MENUSYNC_CLIENT_ID, MENUSYNC_CLIENT_SECRET or --client-secret-file)',
  insufficient_scope: 'the API client needs the write:menu scope: ask the platform support to grant it',
  INSUFFICIENT_SCOPE: 'the API client needs the write:menu scope: ask the platform support to grant it',
};

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 120)}...` : flat;
}

import { cancelledError } from '../errors.js';
import { redact } from '../secrets.js';
import { readAnswer } from './answer.js';
import { RetriablePlatformError, type PlatformError } from './errors.js';
import { redirectRefused } from './redirect.js';
import { parseRetryAfter } from './url.js';

/** Connection errors raised before any byte of the request left: the platform saw nothing. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

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
  /** False for an answer without the operation envelope (the token endpoint); see readAnswer. */
  envelope?: boolean;
  /** How the caller names the client secret, for the hint of a refused sign-in (`--client-secret-file`). */
  secretName?: string | undefined;
  /** The run's: aborted, the request stops at once and the call ends with RunCancelledError. */
  signal?: AbortSignal | undefined;
}

/**
 * A failed attempt and whether its body may have been applied by the platform: it may have reached
 * it unseen (timeouts, connections lost after sending), or the answer does not prove a refusal
 * (5xx, an unreadable 2xx; see readAnswer).
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
      signal: request.signal
        ? AbortSignal.any([AbortSignal.timeout(request.timeoutMs), request.signal])
        : AbortSignal.timeout(request.timeoutMs),
      // A followed redirect would carry the secret (form body or header) wherever Location says.
      redirect: 'manual',
      ...requestBody(request),
    });
    text = await response.text();
  } catch (error) {
    // Cancelled, not failed: no retry, and the caller decides what an import cut short means.
    if (request.signal?.aborted) throw cancelledError(request.signal);
    throw networkError(request, error);
  }
  if (response.status >= 300 && response.status < 400) {
    // Refused before the platform processed anything: nothing was applied.
    const location = response.headers.get('location');
    throw new AttemptError(redirectRefused(request.label, request.url, response.status, location), false);
  }
  const answer = readAnswer(request.label, response.status, text, {
    envelope: request.envelope ?? true,
    secretName: request.secretName,
  });
  if (answer.ok) return answer.body;
  answer.error.retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  throw new AttemptError(answer.error, answer.mayHaveApplied);
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

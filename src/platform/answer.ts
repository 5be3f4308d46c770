import { redact } from '../secrets.js';
import { FatalPlatformError, RetriablePlatformError, type PlatformError } from './errors.js';
import { OPTION_NAMES } from '../model/setting-names.js';

/** Statuses a proxy or an overloaded platform answers with; another try may succeed. */
const RETRIABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** Platform codes that come with HTTP 200 and still mean "try again later" (platform-notes.md). */
const RETRIABLE_CODES = new Set(['RATE_LIMIT_EXCEEDED', 'INTERNAL_ERROR']);
/**
 * Envelope codes ({success: false, error}) that say the platform refused the request as a whole,
 * so a menu import changed nothing: IMPORT_ERROR ("the import was rejected as a whole"), the
 * request-level refusals and the auth refusals of platform-notes.md, and the rate limit (the call
 * was not admitted). INTERNAL_ERROR is missing on purpose: nothing says how far the platform got.
 */
const NOT_APPLIED_CODES = new Set([
  'IMPORT_ERROR',
  'VALIDATION_ERROR',
  'MISSING_PARAMETER',
  'INVALID_ACTION',
  'RATE_LIMIT_EXCEEDED',
  'RESTAURANT_NOT_FOUND',
  'INVALID_KEY',
  'INVALID_AUTH',
  'API_DISABLED',
  'INSUFFICIENT_SCOPE',
  'UNAUTHORIZED',
]);

/** What one HTTP answer says: a success body, or an error and whether the request may have been applied. */
export type Answer =
  { ok: true; body: Record<string, unknown> } | { ok: false; error: PlatformError; mayHaveApplied: boolean };

export interface AnswerOptions {
  /**
   * The answer uses the operation envelope, so only `success: true` (the boolean) is a success.
   * False for the token endpoint, whose RFC 6749 answer has no `success` member.
   */
  envelope: boolean;
  /** How the caller names the client secret, for the hint of a refused sign-in (`--client-secret-file`). */
  secretName?: string | undefined;
}

/**
 * Reads an answer, deciding by status and code, never by message text. For a request that changes
 * the menu the rule is: once the body was sent, only a well-formed `success: true` proves it applied,
 * and only a refusal proves it did not (a 4xx status, or a well-formed `success: false` with a code
 * the platform defines as "rejected as a whole"). Everything else (5xx, a 2xx body that is not JSON,
 * empty, or whose `success` is not a boolean, an unknown or missing code) may hide an applied
 * import: `mayHaveApplied`, and the caller marks the target uncertain.
 */
export function readAnswer(label: string, status: number, text: string, options: AnswerOptions): Answer {
  const ok = status >= 200 && status < 300;
  // A 4xx is the platform (or a proxy in front of it) refusing the request before processing it.
  const refused = status >= 400 && status < 500;
  const body = parseObject(text);
  if (body === undefined) {
    const what = text.trim() === '' ? 'an empty body' : `a non-JSON body: "${excerpt(text)}"`;
    const message = redact(`${label}: HTTP ${status} with ${what}`);
    if (ok) return failed(new FatalPlatformError(message, { status, code: 'UNREADABLE_ANSWER' }), true);
    const error = RETRIABLE_STATUSES.has(status)
      ? new RetriablePlatformError(message, { status })
      : new FatalPlatformError(message, { status });
    return failed(error, !refused);
  }
  if (ok && (options.envelope ? body.success === true : body.success !== false)) return { ok: true, body };
  const code = typeof body.error === 'string' ? body.error : undefined;
  if (ok && body.success !== false) {
    const got = 'success' in body ? `"success": ${excerpt(JSON.stringify(body.success))}` : 'no "success"';
    const message = redact(`${label}: HTTP ${status} without "success": true (${got})`);
    return failed(new FatalPlatformError(message, { status, code: 'UNREADABLE_ANSWER' }), true);
  }
  const detailValue = body.message ?? body.error_description;
  const detail = typeof detailValue === 'string' ? detailValue : undefined;
  const where = ok ? '' : ` (HTTP ${status})`;
  const message = redact(`${label} failed${where}: ${code ?? 'unknown error'}${detail ? `: ${detail}` : ''}`);
  const retriable = RETRIABLE_STATUSES.has(status) || (code !== undefined && RETRIABLE_CODES.has(code));
  const details = { status, ...(code !== undefined ? { code } : {}) };
  const mayHaveApplied = ok ? code === undefined || !NOT_APPLIED_CODES.has(code) : !refused;
  if (retriable) return failed(new RetriablePlatformError(message, details), mayHaveApplied);
  const hint =
    code !== undefined ? HINTS[code]?.(options.secretName ?? OPTION_NAMES.clientSecret) : undefined;
  return failed(new FatalPlatformError(message, { ...details, ...(hint ? { hint } : {}) }), mayHaveApplied);
}

/** The error of an operation's answer, undefined for a success (see readAnswer). */
export function interpretFailure(label: string, status: number, text: string): PlatformError | undefined {
  const answer = readAnswer(label, status, text, { envelope: true });
  return answer.ok ? undefined : answer.error;
}

function failed(error: PlatformError, mayHaveApplied: boolean): Answer {
  return { ok: false, error, mayHaveApplied };
}

const checkCredentials = (secretName: string): string =>
  `check the client id and secret (MENUSYNC_CLIENT_ID, MENUSYNC_CLIENT_SECRET or ${secretName})`;
const grantScope = (): string =>
  'the API client needs the write:menu scope: ask the platform support to grant it';

/** What the user can do about the failures that are theirs to fix, naming the secret as the caller does. */
const HINTS: Record<string, (secretName: string) => string> = {
  invalid_client: checkCredentials,
  INVALID_AUTH: checkCredentials,
  insufficient_scope: grantScope,
  INSUFFICIENT_SCOPE: grantScope,
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

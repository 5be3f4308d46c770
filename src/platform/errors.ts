import { MenusyncError } from '../errors.js';

/**
 * A failed call to the platform. Retry decisions are made on `retriable` (set from the status and
 * the platform's code, never from message text). Messages never contain secrets.
 */
export class PlatformError extends MenusyncError {
  /** Platform or OAuth error code: IMPORT_ERROR, RATE_LIMIT_EXCEEDED, invalid_token, ... */
  readonly code: string | undefined;
  /** HTTP status, when a response arrived. */
  readonly status: number | undefined;
  readonly retriable: boolean;
  /** HTTP attempts made for this logical call. */
  attempts = 1;
  /**
   * True when a request body may have reached the platform without us seeing the answer
   * (timeout or connection lost after sending). For an import this means the menu may or may
   * not have changed: the target must be treated as uncertain.
   */
  outcomeUnknown = false;
  /** How long the platform asked us to wait (Retry-After), when it said so. */
  retryAfterMs: number | undefined;

  constructor(
    message: string,
    details: { code?: string; status?: number; retriable: boolean; cause?: unknown; hint?: string },
  ) {
    super(message, { cause: details.cause, ...(details.hint ? { hint: details.hint } : {}) });
    this.code = details.code;
    this.status = details.status;
    this.retriable = details.retriable;
  }
}

/** Network errors, timeouts, 408/429/5xx, RATE_LIMIT_EXCEEDED and INTERNAL_ERROR. */
export class RetriablePlatformError extends PlatformError {
  constructor(message: string, details: { code?: string; status?: number; cause?: unknown; hint?: string }) {
    super(message, { ...details, retriable: true });
  }
}

/** IMPORT_ERROR, VALIDATION_ERROR, MISSING_PARAMETER, auth failures, other 4xx: retrying cannot help. */
export class FatalPlatformError extends PlatformError {
  constructor(message: string, details: { code?: string; status?: number; cause?: unknown; hint?: string }) {
    super(message, { ...details, retriable: false });
  }
}

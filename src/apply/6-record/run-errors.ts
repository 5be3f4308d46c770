import { GuardBlockedError, InvalidInputError, RunCancelledError, UsageError } from '../../errors.js';
import { PlatformError } from '../../platform/errors.js';
import type { RunError, RunErrorCode } from '../../report/outcome.js';
import { redact } from '../../secrets.js';

/**
 * An error as a run report holds it: a code from a closed list, decided by the error's class and
 * the platform's status and code (never by its message), and the message with any secret redacted.
 */
export function describeError(error: unknown, code?: RunErrorCode): RunError {
  const message = redact(error instanceof Error ? error.message : String(error));
  if (error instanceof PlatformError) {
    return {
      code: code ?? platformErrorCode(error),
      message,
      ...(error.status !== undefined ? { status: error.status } : {}),
      ...(error.code !== undefined ? { platformCode: error.code } : {}),
    };
  }
  const systemCode = (error as NodeJS.ErrnoException | undefined)?.code;
  return {
    code: code ?? localErrorCode(error),
    message,
    ...(typeof systemCode === 'string' ? { systemCode } : {}),
  };
}

/** A run error that is not an exception (a read-back that differs, a declined confirmation). */
export function runError(code: RunErrorCode, message: string): RunError {
  return { code, message: redact(message) };
}

function platformErrorCode(error: PlatformError): RunErrorCode {
  if (error.outcomeUnknown) return 'outcome-unknown';
  return error.retriable ? 'platform-unavailable' : 'platform-rejected';
}

function localErrorCode(error: unknown): RunErrorCode {
  if (error instanceof GuardBlockedError) return 'blocked';
  if (error instanceof RunCancelledError) return 'cancelled';
  if (error instanceof UsageError) return 'usage';
  if (error instanceof InvalidInputError) return 'invalid-input';
  return 'unexpected';
}

import { MenusyncError, UsageError } from '../../errors.js';
import { StateWriteError } from '../state-write-error.js';
import { namingSettings } from '../../model/setting-names.js';

/** The PostgreSQL state could not be read or reached; retrying later may help (exit 1). */
export class StateStoreError extends MenusyncError {}

interface PgLikeError {
  code?: unknown;
  message?: unknown;
}

/** Network failures of the connection itself: the server may be back later, so exit 1. */
const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  ECONNRESET: 'connection reset',
};

/**
 * SQLSTATEs the user fixes in the URL or on the server (exit 2), by class or code as
 * https://www.postgresql.org/docs/current/errcodes-appendix.html lists them.
 */
const REFUSED: Record<string, string> = {
  '28P01': 'wrong password',
  '28000': 'the server refused this user',
  '3D000': 'the database does not exist',
  '42501': 'this user may not create or use the schema',
  '3F000': 'the schema does not exist',
};

/**
 * What opening the store met, as one line that names the URL without its password: exit 2 for
 * what the URL or the server's setup decide (wrong user, missing database), exit 1 for a server
 * that cannot be reached. The driver's own message is kept only for server errors, which never
 * carry the password.
 */
export function connectError(error: unknown, display: string): MenusyncError {
  if (error instanceof MenusyncError) return error;
  const { code, message } = (error ?? {}) as PgLikeError;
  const text = typeof message === 'string' ? message : String(error);
  const suffix = 'nothing was sent to the platform';
  if (typeof code === 'string' && REFUSED[code]) {
    const refused = REFUSED[code];
    return namingSettings(
      ({ message, hint }) => new UsageError(message, hint ? { hint } : undefined),
      (names) => ({
        message: `PostgreSQL state ${display}: ${refused} (${text}); ${suffix}`,
        hint: `check the user, database and password of ${names.state} (the password can come from PGPASSWORD)`,
      }),
    );
  }
  // pg raises these two without a code, so only their text tells them apart.
  if (code === undefined && /client password must be a string/i.test(text)) {
    return new UsageError(
      `PostgreSQL state ${display}: the server asks for a password and none was given; ${suffix}`,
      { hint: 'put the password in the URL (postgres://USER:PASSWORD@...) or in PGPASSWORD' },
    );
  }
  const timedOut = code === undefined && /timeout/i.test(text);
  const reason =
    typeof code === 'string' && UNREACHABLE[code]
      ? UNREACHABLE[code]
      : timedOut
        ? 'connection timed out'
        : `cannot connect (${typeof code === 'string' ? code : text})`;
  return namingSettings(
    ({ message, hint }) => new StateStoreError(message, hint ? { hint } : undefined),
    (names) => ({
      message: `cannot reach the PostgreSQL state ${display}: ${reason}; ${suffix}`,
      hint: `check that PostgreSQL runs and that ${names.state} names its host and port`,
    }),
  );
}

/** A query that failed once the store was open: reading is a StateStoreError, writing a StateWriteError. */
export function queryError(error: unknown, location: string, writing: boolean): unknown {
  if (error instanceof MenusyncError) return error;
  const { code, message } = (error ?? {}) as PgLikeError;
  const sqlstate = typeof code === 'string' ? code : 'EPG';
  if (writing) return new StateWriteError(location, sqlstate, undefined, error);
  const text = typeof message === 'string' ? message : String(error);
  return new StateStoreError(`cannot read the PostgreSQL state ${location}: ${text} (${sqlstate})`, {
    cause: error,
  });
}

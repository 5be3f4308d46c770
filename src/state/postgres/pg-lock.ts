import pg from 'pg';
import { LockHeldError } from '../../errors.js';
import { keyHalves } from './advisory-key.js';
import { roundTrips, type Db, type Queryable } from './pg-db.js';
import { queryError } from './pg-errors.js';
import type { HeldLock } from '../store.js';

/**
 * A target's lock: a session advisory lock taken on a connection of its own, held until release.
 * PostgreSQL frees it the moment that session ends, so a killed run (kill -9, a machine gone)
 * frees it at once, and every machine that uses this database sees the same lock.
 */
export interface AdvisoryLock extends HeldLock {
  /** The backend pid of the session holding it, to check inside a commit that it still does. */
  readonly sessionPid: number;
  /** The session itself, idle between the run's statements: the run's first reads go on it. */
  readonly session: Queryable;
}

export async function takeAdvisoryLock(db: Db, key: string, what: string): Promise<AdvisoryLock> {
  let client: pg.PoolClient;
  try {
    client = await db.lockPool.connect();
  } catch (error) {
    throw queryError(error, db.where.display, true);
  }
  let sessionPid = 0;
  try {
    roundTrips.count++;
    const taken = await client.query<{ ok: boolean; pid: number }>(
      'SELECT pg_try_advisory_lock($1::bigint) AS ok, pg_backend_pid() AS pid',
      [key],
    );
    if (!taken.rows[0]?.ok) throw await heldBy(db, client, key, what);
    sessionPid = taken.rows[0].pid;
  } catch (error) {
    // Held by another run (LockHeldError): this session holds nothing and serves the next run.
    client.release(error instanceof LockHeldError ? undefined : asError(error));
    throw queryError(error, db.where.display, true);
  }
  let released = false;
  return {
    holder: db.applicationName,
    sessionPid,
    session: client,
    async release() {
      if (released) return;
      released = true;
      // A session whose unlock failed is ended, not reused: ending it frees the lock.
      roundTrips.count++;
      const failed = await client
        .query('SELECT pg_advisory_unlock($1::bigint)', [key])
        .then(() => undefined, asError);
      client.release(failed);
    },
  };
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

const LOCK_HOLDER = `
  SELECT l.pid, a.application_name AS name, a.backend_start AS since
  FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
  WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
    AND l.classid::bigint = $1::bigint AND l.objid::bigint = $2::bigint
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

async function heldBy(db: Db, client: pg.Client, key: string, what: string): Promise<LockHeldError> {
  const found = await client
    .query<{ name: string | null; since: Date | null }>(LOCK_HOLDER, Object.values(keyHalves(key)))
    .catch(() => ({ rows: [] }));
  const holder = found.rows[0];
  const who = holder?.name ? `"${holder.name}"` : 'another PostgreSQL session';
  const since = holder?.since ? ` since ${holder.since.toISOString()}` : '';
  return new LockHeldError(`${what} is locked by ${who}${since}`, {
    hint: 'another menusync run is applying to this target; a killed run frees the lock at once, so wait for it to end',
  });
}

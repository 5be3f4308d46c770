import type pg from 'pg';
import { advisoryKey, keyHalves } from '../state/postgres/advisory-key.js';
import type { Db } from '../state/postgres/pg-db.js';

/**
 * Whether workers serve a state, asked by the console before it hands them an approval: a person's
 * approval queued where no worker runs would wait for ever. Each worker holds one shared advisory
 * lock, keyed by the state's schema, on a session of its own while it runs; the lock goes with the
 * session, so a killed worker stops counting at once. A worker that lost the session takes the lock
 * again on a new one.
 */
const presenceKey = (schema: string): string => advisoryKey('workers', schema);

export interface HeldPresence {
  release(): Promise<void>;
}

export function holdPresence(driver: typeof pg, db: Db, retryMs = 5000): HeldPresence {
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  const again = (session: pg.Client) => {
    if (client !== session) return;
    client = null;
    if (!stopped) timer = setTimeout(() => void connect(), retryMs);
  };
  const connect = async () => {
    const session = new driver.Client(db.clientConfig());
    session.on('error', () => undefined);
    session.on('end', () => again(session));
    client = session;
    try {
      await session.connect();
      await session.query('SELECT pg_advisory_lock_shared($1::bigint)', [presenceKey(db.where.schema)]);
    } catch {
      // The database is away: try again in a while.
      await session.end().catch(() => undefined);
      again(session);
    }
  };
  void connect();
  return {
    async release() {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}

/** True while at least one worker of this state holds its presence lock. */
export async function workersPresent(db: Db): Promise<boolean> {
  const { high, low } = keyHalves(presenceKey(db.where.schema));
  const found = await db.run<{ present: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND classid = $1::oid AND objid = $2::oid AND objsubid = 1
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS present`,
    [high, low],
  );
  return found.rows[0]?.present === true;
}

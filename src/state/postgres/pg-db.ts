import pg from 'pg';
import { queryError } from './pg-errors.js';
import type { PostgresLocation } from './pg-url.js';

/** A connection attempt to a server that does not answer gives up after this long. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Lock sessions of a store whose user does not say how many runs it holds at once. */
export const DEFAULT_LOCK_SESSIONS = 16;

export type SqlValue = string | number | boolean | Buffer | null | string[];

/** What a query runs on: the pool, or one client inside a transaction. */
export interface Queryable {
  query<R extends pg.QueryResultRow>(
    query: string | pg.QueryConfig<SqlValue[]>,
    values?: SqlValue[],
  ): Promise<pg.QueryResult<R>>;
}

/**
 * A statement a run sends every time: named, so that each connection parses and plans it once
 * (pg's `{ name, text, values }` query config) and later sends only its values.
 */
export interface NamedSql {
  name: string;
  text: string;
}

/**
 * Statements sent to the server by this process's stores (every Db's queries, BEGIN/COMMIT and the
 * lock sessions' own): the bench reads it to count a run's round trips. Never shown to users.
 */
export const roundTrips = { count: 0 };

/**
 * The store's pool and its schema. SQL names tables as `{s}.name` (the schema alone: `{schema}`): the schema comes from the URL
 * (checked to be a plain name by parsePostgresUrl) and is quoted here, once.
 */
export class Db {
  readonly pool: pg.Pool;
  /**
   * The sessions that hold targets' advisory locks (pg-lock.ts), one per run holding a lock at once.
   * A session goes back here when its lock is released: a worker draining 10,000 jobs opened a
   * backend per job (2,700-3,800 at once, 33 ms of server CPU each) when each lock had its own.
   */
  readonly lockPool: pg.Pool;
  private readonly prefix: string;
  private closed = false;
  private textSafeAnswer: Promise<boolean> | undefined;
  private readonly named = new Map<string, string>();

  constructor(
    readonly where: PostgresLocation,
    readonly applicationName: string,
    lockSessions: number = DEFAULT_LOCK_SESSIONS,
  ) {
    this.prefix = `"${where.schema}".`;
    // allowExitOnIdle: idle connections do not keep a finished command's process alive.
    // Sized to the runs at once (a fleet's --concurrency, a worker's slots): each run's reads and
    // writes that are not on its lock session take one at a time; 4 at least, as before.
    this.pool = new pg.Pool({
      ...this.clientConfig(),
      max: Math.max(4, lockSessions),
      allowExitOnIdle: true,
    });
    this.lockPool = new pg.Pool({ ...this.clientConfig(), max: lockSessions, allowExitOnIdle: true });
    for (const pool of [this.pool, this.lockPool]) {
      // An idle connection the server closed (restart, kill) must not crash the process; the next
      // query meets the failure and reports it.
      pool.on('error', () => undefined);
      // Nor one lost while a run holds it (a lock session, held for a whole run): the run's commit
      // finds the lock gone (pg-target-sql.ts COMMIT_CONFIRMED) and says so.
      pool.on('connect', (client) => client.on('error', () => undefined));
    }
  }

  clientConfig(): pg.ClientConfig {
    return {
      connectionString: this.where.connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: this.applicationName,
    };
  }

  sql(text: string): string {
    return text.replaceAll('{s}.', this.prefix).replaceAll('{schema}', this.prefix.slice(0, -1));
  }

  /** A named statement's SQL, its schema filled in once per Db (a Db's connections see one schema). */
  private namedSql(named: NamedSql): string {
    let text = this.named.get(named.name);
    if (text === undefined) this.named.set(named.name, (text = this.sql(named.text)));
    return text;
  }

  /** One query on the pool; a failure names the store (a StateWriteError when `writing`). */
  async run<R extends pg.QueryResultRow>(
    text: string | NamedSql,
    values: SqlValue[] = [],
    writing = false,
    on: Queryable = this.pool,
  ): Promise<pg.QueryResult<R>> {
    roundTrips.count++;
    try {
      if (typeof text === 'string') return await on.query<R>(this.sql(text), values);
      return await on.query<R>({ name: text.name, text: this.namedSql(text), values });
    } catch (error) {
      throw queryError(error, this.where.display, writing);
    }
  }

  /** `work` inside one transaction on one client: all of it or none of it. */
  async transaction<T>(work: (client: Queryable) => Promise<T>, writing = true): Promise<T> {
    const client = await this.begin(writing);
    let broken: unknown;
    try {
      const result = await work(client);
      await this.run('COMMIT', [], writing, client);
      return result;
    } catch (error) {
      roundTrips.count++;
      await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
      throw error;
    } finally {
      // A client whose rollback failed is not handed out again.
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  /**
   * A pool client with a transaction open. A connection the server closed while it sat idle in the
   * pool (a restart, pg_terminate_backend) can be handed out before the pool hears of it, and then
   * fails at BEGIN, before anything was done: it is dropped and BEGIN is tried once on a fresh
   * connection. Without that, a run whose import the platform confirmed could not move its snapshot.
   */
  private async begin(writing: boolean): Promise<pg.PoolClient> {
    for (let attempt = 1; ; attempt++) {
      let client: pg.PoolClient;
      try {
        client = await this.pool.connect();
      } catch (error) {
        throw queryError(error, this.where.display, writing);
      }
      try {
        roundTrips.count++;
        await client.query('BEGIN');
        return client;
      } catch (error) {
        client.release(error instanceof Error ? error : new Error(String(error)));
        if (attempt >= 2) throw queryError(error, this.where.display, writing);
      }
    }
  }

  /**
   * Whether bytes written as UTF-8 can be read back as text: the database's encoding is UTF8 (or
   * SQL_ASCII, which does not convert). Asked once per store.
   */
  textSafe(): Promise<boolean> {
    // Named `encoding` here: SHOW would name its column server_encoding, and a lookup of the
    // wrong name made every database look unsafe (bytea read as hex, ~2x the bytes).
    this.textSafeAnswer ??= this.run<{ encoding: string }>(
      "SELECT current_setting('server_encoding') AS encoding",
    ).then((result) => ['UTF8', 'SQL_ASCII'].includes(result.rows[0]?.encoding ?? ''));
    return this.textSafeAnswer;
  }

  /** Ends the pool; closing again does nothing (a store may be closed by its user and a finally). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([this.pool.end(), this.lockPool.end()]);
  }
}

import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { advisoryKey } from '../state/postgres/advisory-key.js';
import { UsageError } from '../errors.js';
import type { Db } from '../state/postgres/pg-db.js';
import { connectError } from '../state/postgres/pg-errors.js';
import { isPostgresUrl, parsePostgresUrl, type PostgresLocation } from '../state/postgres/pg-url.js';
import type { StateStore } from '../state/store.js';
import { JobLedger } from './job-ledger.js';
import { namingSettings } from '../model/setting-names.js';
import { holdPresence, workersPresent } from './worker-presence.js';

/** The one queue every sync job goes through; its singleton key is the target's name. */
export const SYNC_QUEUE = 'menusync-sync';

/**
 * A target's schedule lives on a queue of its own: pg-boss 10 keeps one schedule per queue name.
 * Its jobs are only forwarded to SYNC_QUEUE (schedule-forward.ts).
 */
export const SCHEDULE_PREFIX = 'menusync-schedule-';
export const scheduleQueue = (target: string): string => `${SCHEDULE_PREFIX}${target}`;

/** pg-boss's tables go in a schema beside the state's: `menusync` -> `menusync_queue`. */
export const queueSchema = (stateSchema: string): string => `${stateSchema}_queue`;

/** Tuning of pg-boss's own loops (all in seconds); the defaults suit a deployment, tests go faster. */
export interface QueueTiming {
  /** How often an idle worker asks for a job. */
  pollSeconds?: number;
  /** How often expired jobs (a killed worker's) are looked for; one worker does it per interval. */
  superviseSeconds?: number;
  /** How often the schedules are checked (pg-boss's cron monitor). */
  cronSeconds?: number;
}

export interface QueueConnection {
  boss: PgBoss;
  /**
   * Runs queue setup (creating queues) while holding the queue schema's setup lock: pg-boss 10
   * creates a table per queue, and two machines doing it at once can deadlock each other.
   */
  setup<T>(work: () => Promise<T>): Promise<T>;
  /** The state (runs, reports, snapshots) in the same database. */
  store: StateStore;
  ledger: JobLedger;
  where: PostgresLocation;
  /** Whether any worker serves this state now (worker-presence.ts): the console asks before queueing an approval. */
  workersPresent(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenQueueOptions extends QueueTiming {
  /** application_name of the connections, so pg_stat_activity names the worker. */
  name: string;
  /** Whether this process runs pg-boss's maintenance and cron (workers do; one-shot commands not). */
  background: boolean;
  /** Connections pg-boss may open (a worker: its concurrency and a few for polling). */
  connections?: number;
  /** Syncs run at once (a worker's slots): the state's lock sessions (StateStoreOptions). */
  slots?: number;
  /** A worker: hold the presence lock that tells the console workers are there (one more session). */
  presence?: boolean;
  onError?: (error: Error) => void;
}

/**
 * Connects a worker or a `fleet` command to the queue: the PostgreSQL state named by `--state`
 * (migrated as any run does), the workers' ledger in it, and pg-boss in the schema beside it.
 */
export async function openQueue(stateUrl: string, options: OpenQueueOptions): Promise<QueueConnection> {
  if (!isPostgresUrl(stateUrl))
    throw namingSettings(
      ({ message, hint }) => new UsageError(message, hint ? { hint } : undefined),
      (names) => ({
        message: `the sync queue lives in the PostgreSQL state: pass ${names.state} postgres://USER@HOST/DB`,
        hint: 'workers on several machines share one database; a state folder cannot be shared',
      }),
    );
  const where = parsePostgresUrl(stateUrl);
  const schema = queueSchema(where.schema);
  if (schema.length > 63)
    throw new UsageError(`the state schema "${where.schema}" is too long for a queue schema beside it`);
  // Loaded here, not at the top: every other command starts without pg and pg-boss.
  const [{ default: PgBossClass }, { default: pgClient }, { Db: DbClass }, { postgresStateStore }] =
    await Promise.all([
      import('pg-boss'),
      import('pg'),
      import('../state/postgres/pg-db.js'),
      import('../state/postgres/pg-store.js'),
    ]);
  const store = await postgresStateStore(stateUrl, options.slots ? { lockSessions: options.slots } : {});
  const ledgerDb = new DbClass(where, options.name);
  const boss = new PgBossClass({
    connectionString: where.connectionString,
    schema,
    application_name: options.name,
    max: options.connections ?? 4,
    schedule: options.background,
    supervise: options.background,
    ...(options.superviseSeconds ? { maintenanceIntervalSeconds: options.superviseSeconds } : {}),
    ...(options.cronSeconds ? { cronMonitorIntervalSeconds: options.cronSeconds } : {}),
    ...(options.cronSeconds ? { cronWorkerIntervalSeconds: options.cronSeconds } : {}),
    ...(options.pollSeconds ? { pollingIntervalSeconds: options.pollSeconds } : {}),
  });
  // A connection the server closed (restart, pg_terminate_backend) must not end the process:
  // pg-boss's next query opens another.
  boss.on('error', (error) => options.onError?.(error));
  const presence = options.presence ? holdPresence(pgClient, ledgerDb) : null;
  const close = async () => {
    await presence?.release();
    // A worker stops pg-boss gracefully first; stopping again does nothing.
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    await ledgerDb.close().catch(() => undefined);
    await store.close().catch(() => undefined);
  };
  const setup = <T>(work: () => Promise<T>) => underSetupLock(pgClient, ledgerDb, schema, work);
  try {
    await setup(async () => {
      await boss.start();
      await createSyncQueue(boss);
    });
  } catch (error) {
    await close();
    throw connectError(error, where.display);
  }
  return {
    boss,
    setup,
    store,
    ledger: new JobLedger(ledgerDb),
    where,
    workersPresent: () => workersPresent(ledgerDb),
    close,
  };
}

async function createSyncQueue(boss: PgBoss): Promise<void> {
  // 'short': at most one waiting job per singleton key (the target), so runs do not pile up.
  // Not 'stately' (one active too): pg-boss 10's fetch fails its whole batch when the oldest
  // waiting job's target is running, which would stall every other target behind it. The
  // target's advisory lock keeps two runs apart instead (a second one ends "held", retried later).
  await boss.createQueue(SYNC_QUEUE, { name: SYNC_QUEUE, policy: 'short' });
}

/** `work` under a session advisory lock of its own connection (freed if this process dies). */
async function underSetupLock<T>(
  driver: typeof pg,
  db: Db,
  schema: string,
  work: () => Promise<T>,
): Promise<T> {
  const client = new driver.Client(db.clientConfig());
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [advisoryKey('queue-setup', schema)]);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}

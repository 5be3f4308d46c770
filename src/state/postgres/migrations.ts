import { InvalidInputError } from '../../errors.js';
import { advisoryKey } from './advisory-key.js';
import { checkedVersion, foreignSchema } from './schema-check.js';
import type { Db, Queryable } from './pg-db.js';

/**
 * The schema's numbered migrations: version N is MIGRATIONS[N - 1]. A migration once released
 * never changes; a new layout is a new entry. `schema_migrations` records the versions applied.
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE {s}.targets (
     key text PRIMARY KEY,
     base_url text, client_id text,
     snapshot_id bigint,
     created_at timestamptz NOT NULL DEFAULT now());
   CREATE TABLE {s}.snapshots (
     id bigserial PRIMARY KEY,
     target_key text NOT NULL REFERENCES {s}.targets (key) ON DELETE CASCADE,
     staged boolean NOT NULL,
     format_version integer NOT NULL,
     hash text NOT NULL,
     run_id text NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now());
   ALTER TABLE {s}.targets ADD FOREIGN KEY (snapshot_id) REFERENCES {s}.snapshots (id);
   CREATE TABLE {s}.snapshot_pieces (
     snapshot_id bigint NOT NULL REFERENCES {s}.snapshots (id) ON DELETE CASCADE,
     seq integer NOT NULL,
     bytes bytea NOT NULL,
     PRIMARY KEY (snapshot_id, seq));
   CREATE TABLE {s}.statuses (
     target_key text PRIMARY KEY REFERENCES {s}.targets (key) ON DELETE CASCADE,
     status jsonb NOT NULL,
     updated_at timestamptz NOT NULL DEFAULT now());
   CREATE TABLE {s}.runs (
     target_key text NOT NULL REFERENCES {s}.targets (key) ON DELETE CASCADE,
     run_id text COLLATE "C" NOT NULL,
     snapshot_id bigint REFERENCES {s}.snapshots (id),
     created_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (target_key, run_id));
   CREATE TABLE {s}.run_files (
     target_key text NOT NULL,
     run_id text COLLATE "C" NOT NULL,
     name text NOT NULL,
     content bytea NOT NULL,
     PRIMARY KEY (target_key, run_id, name),
     FOREIGN KEY (target_key, run_id) REFERENCES {s}.runs (target_key, run_id) ON DELETE CASCADE);`,
  // Snapshot pieces and run files (payloads, reports) are MBs of JSON: lz4 compresses them at a
  // fraction of pglz's server CPU (a 100k-product snapshot write: ~2.2 s -> ~1.75 s). A server
  // without lz4 (built without it, or before PostgreSQL 14) keeps pglz: EXECUTE so that the DO
  // block still compiles there, and the error is caught. Only values written later change.
  `DO $$ BEGIN
     EXECUTE 'ALTER TABLE {s}.snapshot_pieces ALTER COLUMN bytes SET COMPRESSION lz4';
     EXECUTE 'ALTER TABLE {s}.run_files ALTER COLUMN content SET COMPRESSION lz4';
   EXCEPTION WHEN OTHERS THEN NULL;
   END $$;`,
  // The sync workers' ledger (src/worker/job-ledger.ts): one row per queued run of a config target,
  // what pg-boss alone does not keep: which worker took it, how it ended, and whether a person must look.
  `CREATE TABLE {s}.worker_jobs (
     job_id uuid PRIMARY KEY,
     target text NOT NULL,
     source text NOT NULL,
     state text NOT NULL,
     queued_at timestamptz NOT NULL DEFAULT now(),
     started_at timestamptz,
     finished_at timestamptz,
     worker text,
     attempts integer NOT NULL DEFAULT 0,
     exit_code integer,
     run_id text,
     result jsonb,
     error text);
   CREATE INDEX worker_jobs_target ON {s}.worker_jobs (target, queued_at DESC);`,
  // A target's run looks up its own snapshots and the runs and targets that point at a snapshot
  // (dropUnusedSnapshots, the foreign keys' checks on delete): without these, each run read every
  // row of the fleet (30,153 rows per target among 10,000 others). test/state/postgres-explain.test.ts.
  `CREATE INDEX snapshots_target_key ON {s}.snapshots (target_key);
   CREATE INDEX targets_snapshot_id ON {s}.targets (snapshot_id);
   CREATE INDEX runs_snapshot_id ON {s}.runs (snapshot_id);`,
  // A fleet run's records (its report, its plan targets' reports: src/fleet/fleet-files.ts), kept
  // with the targets' runs so that `report show` finds them in the database, whichever machine ran.
  `CREATE TABLE {s}.fleet_runs (
     run_id text COLLATE "C" PRIMARY KEY,
     created_at timestamptz NOT NULL DEFAULT now());
   CREATE TABLE {s}.fleet_run_files (
     run_id text COLLATE "C" NOT NULL REFERENCES {s}.fleet_runs (run_id) ON DELETE CASCADE,
     name text NOT NULL,
     content bytea NOT NULL,
     PRIMARY KEY (run_id, name));
   DO $$ BEGIN
     EXECUTE 'ALTER TABLE {s}.fleet_run_files ALTER COLUMN content SET COMPRESSION lz4';
   EXCEPTION WHEN OTHERS THEN NULL;
   END $$;`,
  // The console's signed-in browsers (src/console/session-store.ts), kept so that a restart of
  // `menusync serve` does not sign everyone out: a session id's SHA-256 only (the cookie's value is
  // never stored), its holder, a mark of the token it was signed in with, and its expiry; signing
  // out deletes the row.
  `CREATE TABLE {s}.console_sessions (
     id_sha256 text PRIMARY KEY,
     name text NOT NULL,
     role text NOT NULL,
     token text NOT NULL,
     expires_at timestamptz NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now());`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Creates the schema on first use and applies the migrations it lacks, in one transaction under a
 * transaction-level advisory lock, so two first runs (two machines) do not race: the second waits,
 * then finds the work done. A schema at a version newer than this code knows, or one holding
 * tables of something else, is refused: reading it with the wrong layout would misread the state.
 */
export async function migrate(db: Db): Promise<void> {
  const { schema } = db.where;
  await db.transaction(async (client) => {
    await db.run('SELECT pg_advisory_xact_lock($1::bigint)', [advisoryKey('migrate', schema)], true, client);
    const version = await currentVersion(db, client);
    if (version > SCHEMA_VERSION) {
      throw new InvalidInputError(
        `the PostgreSQL state ${db.where.display} is at schema version ${version}, newer than this menusync knows (${SCHEMA_VERSION}); nothing was sent to the platform`,
        { hint: 'upgrade menusync to the version that wrote this state' },
      );
    }
    for (let next = version + 1; next <= SCHEMA_VERSION; next++) {
      await db.run(MIGRATIONS[next - 1]!, [], true, client);
      await db.run('INSERT INTO {s}.schema_migrations (version) VALUES ($1)', [next], true, client);
    }
  });
}

/** The schema's version: 0 when it is new (created here) or empty. */
async function currentVersion(db: Db, client: Queryable): Promise<number> {
  const { schema } = db.where;
  const tables = await db.run<{ name: string }>(
    'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
    [schema],
    false,
    client,
  );
  const names = tables.rows.map((row) => row.name);
  if (names.includes('schema_migrations')) return checkedVersion(db, client, names);
  if (names.length > 0) throw foreignSchema(db, names);
  await db.run('CREATE SCHEMA IF NOT EXISTS {schema}', [], true, client);
  await db.run(
    `CREATE TABLE {s}.schema_migrations (
       version integer PRIMARY KEY,
       applied_at timestamptz NOT NULL DEFAULT now())`,
    [],
    true,
    client,
  );
  return 0;
}

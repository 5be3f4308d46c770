import { InvalidInputError } from '../../errors.js';
import type { Db, Queryable } from './pg-db.js';
import { namingSettings } from '../../model/setting-names.js';

/**
 * The tables each migration creates (MIGRATION_TABLES[N - 1] for version N), beside
 * `schema_migrations`: what a schema at a given version must hold, and all it may hold.
 */
export const MIGRATION_TABLES: readonly (readonly string[])[] = [
  ['targets', 'snapshots', 'snapshot_pieces', 'statuses', 'runs', 'run_files'],
  [],
  ['worker_jobs'],
  [],
  ['fleet_runs', 'fleet_run_files'],
  ['console_sessions'],
];

/** A schema that is not menusync's: another tool's tables (its own `schema_migrations`, say). */
export function foreignSchema(db: Db, names: readonly string[]): InvalidInputError {
  const { schema, display } = db.where;
  return namingSettings(
    ({ message, hint }) => new InvalidInputError(message, hint ? { hint } : undefined),
    (settings) => ({
      message: `the PostgreSQL schema "${schema}" of ${display} holds tables that menusync did not create (${names.slice(0, 3).join(', ')}); nothing was sent to the platform`,
      hint: `name a schema of its own for menusync: add ?schema=NAME to the ${settings.state} URL`,
    }),
  );
}

/**
 * Checks a schema that has a `schema_migrations` table before its version is trusted: the table
 * must be menusync's (an integer `version`; Rails and others keep text there), and at a version
 * this menusync knows the schema holds exactly that version's tables. Anything else would end in
 * "relation does not exist" (42P01) or a half-migrated schema; here it is one line, exit 2.
 * Returns the version.
 */
export async function checkedVersion(db: Db, client: Queryable, names: readonly string[]): Promise<number> {
  const column = await db.run<{ type: string }>(
    `SELECT data_type AS type FROM information_schema.columns
      WHERE table_schema = $1 AND table_name = 'schema_migrations' AND column_name = 'version'`,
    [db.where.schema],
    false,
    client,
  );
  if (column.rows[0]?.type !== 'integer') throw foreignSchema(db, names);
  const max = await db.run<{ version: number | null }>(
    'SELECT max(version) AS version FROM {s}.schema_migrations',
    [],
    false,
    client,
  );
  const version = max.rows[0]?.version ?? 0;
  // A newer menusync's tables are not known here: the caller refuses that version by itself.
  if (version > MIGRATION_TABLES.length) return version;
  const known = new Set(['schema_migrations', ...MIGRATION_TABLES.flat()]);
  const foreign = names.filter((name) => !known.has(name));
  if (foreign.length > 0) throw foreignSchema(db, foreign);
  const expected = MIGRATION_TABLES.slice(0, Math.max(version, 0)).flat();
  const missing = expected.filter((name) => !names.includes(name));
  if (missing.length > 0) {
    throw new InvalidInputError(
      `the PostgreSQL state ${db.where.display} is at schema version ${version} but lacks its tables (${missing.slice(0, 3).join(', ')}): it was changed outside menusync; nothing was sent to the platform`,
      { hint: 'restore the schema from a backup, or name a new one with ?schema=NAME' },
    );
  }
  return version;
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onTestFinished } from 'vitest';

/**
 * The test server (trust auth): every test works in a schema of its own in database `test`.
 * MENUSYNC_TEST_PG names another (see DEVELOPERS.md).
 */
export const PG_BASE = process.env.MENUSYNC_TEST_PG || 'postgres://postgres@127.0.0.1:5432/test';

/** PG_BASE with another user, password or database: for the bad-URL cases. */
export function pgUrl(change: { user?: string; password?: string; database?: string }): string {
  const url = new URL(PG_BASE);
  if (change.user !== undefined) url.username = change.user;
  if (change.password !== undefined) url.password = change.password;
  if (change.database !== undefined) url.pathname = `/${change.database}`;
  return url.toString();
}

/**
 * Whether PostgreSQL answers. With CI=true a missing server fails the run (the PostgreSQL
 * backend must be tested there); elsewhere its tests skip, saying so.
 */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    const why = `PostgreSQL at ${PG_BASE} is not reachable (${(error as Error).message})`;
    if (process.env.CI === 'true') throw new Error(`${why}: with CI=true the PostgreSQL tests must run`);
    console.warn(`SKIPPED PostgreSQL tests: ${why}; start it with pg_ctlcluster`);
    return false;
  }
}

/** A fresh schema name, dropped (with everything in it) when the calling test ends. */
export function testSchema(): string {
  const schema = `menusync_t_${randomBytes(5).toString('hex')}`;
  onTestFinished(() => dropSchema(schema));
  return schema;
}

export const schemaUrl = (schema: string): string => `${PG_BASE}?schema=${schema}`;

export async function sql<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function dropSchema(schema: string): Promise<void> {
  await sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}

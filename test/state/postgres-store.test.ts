import { hostname } from 'node:os';
import { describe, expect, it, onTestFinished } from 'vitest';
import { MenusyncError } from '../../src/errors.js';
import { openStateStore } from '../../src/state/open-store.js';
import { SCHEMA_VERSION } from '../../src/state/postgres/migrations.js';
import { redact } from '../../src/secrets.js';
import { cafeMenu } from '../apply/menus.js';
import { PG_BASE, pgUrl, postgresAvailable, schemaUrl, sql, testSchema } from './postgres-fixture.js';

const available = await postgresAvailable();

const target = { baseUrl: 'https://platform.example', clientId: 'client-1', posUid: 'default' };

async function open(url: string) {
  const store = await openStateStore(url);
  onTestFinished(() => store.close());
  return store;
}

async function failure(url: string): Promise<MenusyncError> {
  const error = await openStateStore(url).then(
    async (store) => {
      await store.close();
      return new Error('opened');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MenusyncError);
  return error as MenusyncError;
}

describe.skipIf(!available)('PostgreSQL store schema', () => {
  it('creates its schema on first use, once, when two first runs race', async () => {
    const schema = testSchema();
    const [a, b] = await Promise.all([open(schemaUrl(schema)), open(schemaUrl(schema))]);
    expect(a.location).toBe(`${PG_BASE}?schema=${schema}`);
    expect(b.kind).toBe('postgres');
    const versions = await sql<{ version: number }>(`SELECT version FROM "${schema}".schema_migrations`);
    expect(versions.map((row) => row.version)).toEqual(
      Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1),
    );
  });

  it('migrates a schema that an older version left behind', async () => {
    const schema = testSchema();
    await sql(`CREATE SCHEMA "${schema}"`);
    await sql(
      `CREATE TABLE "${schema}".schema_migrations (version integer PRIMARY KEY, applied_at timestamptz)`,
    );
    const store = await open(schemaUrl(schema));
    expect(await store.listTargets()).toEqual([]);
    expect(await sql(`SELECT max(version) AS v FROM "${schema}".schema_migrations`)).toEqual([
      { v: SCHEMA_VERSION },
    ]);
  });

  it('refuses a schema written by a newer menusync (exit 2)', async () => {
    const schema = testSchema();
    await open(schemaUrl(schema)).then((store) => store.close());
    await sql(`INSERT INTO "${schema}".schema_migrations (version) VALUES ($1)`, [SCHEMA_VERSION + 1]);
    const error = await failure(schemaUrl(schema));
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(`schema version ${SCHEMA_VERSION + 1}, newer than this menusync knows`);
  });

  it("refuses a schema holding other software's tables (exit 2)", async () => {
    const schema = testSchema();
    await sql(`CREATE SCHEMA "${schema}"`);
    await sql(`CREATE TABLE "${schema}".orders (id integer)`);
    const error = await failure(schemaUrl(schema));
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/holds tables that menusync did not create \(orders\)/);
  });

  it('finds a snapshot changed outside menusync damaged, not a different menu', async () => {
    const schema = testSchema();
    const t = (await open(schemaUrl(schema))).target(target);
    const lock = await t.lock();
    onTestFinished(() => lock.release());
    const snapshot = {
      formatVersion: 2 as const,
      menu: cafeMenu(5),
      runId: 'r1',
      mode: 'merge' as const,
      appliedAt: 'x',
    };
    await (await t.stageConfirmed({ snapshot, status: { uncertain: false } })).commit();
    await sql(
      `UPDATE "${schema}".snapshot_pieces SET bytes = convert_to(replace(convert_from(bytes, 'UTF8'), '"price":2,', '"price":9,'), 'UTF8')`,
    );
    await expect(t.readSnapshot()).rejects.toMatchObject({
      exitCode: 2,
      message: /damaged: it does not match its hash/,
    });
  });
});

describe.skipIf(!available)('PostgreSQL store, lock session lost', () => {
  it('does not move the snapshot when the session holding the lock ended during the run', async () => {
    const t = (await open(schemaUrl(testSchema()))).target(target);
    const lock = await t.lock();
    onTestFinished(() => lock.release());
    const snapshot = {
      formatVersion: 2 as const,
      menu: cafeMenu(5),
      runId: 'r1',
      mode: 'merge' as const,
      appliedAt: 'x',
    };
    const staged = await t.stageConfirmed({ snapshot, status: { uncertain: false } });
    // As a server restart or an administrator would: end the session that holds the advisory lock
    // (waiting until it is gone: the lock goes with the backend, not with the signal).
    await sql(
      `SELECT pg_terminate_backend(l.pid, 10000) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND a.application_name = $1`,
      [`menusync pid ${process.pid} on ${hostname()}`],
    );
    await expect(staged.commit()).rejects.toMatchObject({
      exitCode: 1,
      message: expect.stringMatching(
        /session holding the lock of .* ended during the run; the snapshot was not moved/,
      ),
    });
    expect(await t.readSnapshot()).toBeNull();
    await (await t.lock()).release();
  });
});

describe.skipIf(!available)('PostgreSQL store, bad --state values', () => {
  const password = 'pg-secret-Zq81x';
  const at = (rest: string) => `postgres://postgres:${password}@127.0.0.1${rest}`;
  it.each([
    {
      what: 'an unreachable server',
      url: at(':1/test'),
      exitCode: 1,
      message: /cannot reach .*: connection refused/,
    },
    {
      what: 'a user the server does not know',
      url: pgUrl({ user: 'nobody_here', password }),
      exitCode: 2,
      message: /the server refused this user/,
    },
    {
      what: 'a missing database',
      url: pgUrl({ password, database: 'no_such_db_x' }),
      exitCode: 2,
      message: /the database does not exist/,
    },
    { what: 'a URL naming no database', url: at(':5432'), exitCode: 2, message: /names no database/ },
    { what: 'a URL that does not parse', url: at(':port/test'), exitCode: 2, message: /: not a valid URL/ },
    {
      what: 'a schema needing quotes',
      url: `${pgUrl({ password })}?schema=Bad-Name`,
      exitCode: 2,
      message: /plain lower-case/,
    },
  ])('$what: exit $exitCode, one line, no password', async ({ url, exitCode, message }) => {
    const error = await failure(url);
    expect(error.exitCode).toBe(exitCode);
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(/nothing was sent to the platform/);
    expect(error.message).not.toContain('\n');
    expect(`${error.message} ${error.hint ?? ''}`).not.toContain(password);
    // The password is a registered secret too: output passes through redact().
    expect(redact(url)).not.toContain(password);
  });
});

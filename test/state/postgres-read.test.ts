import { describe, expect, it, onTestFinished } from 'vitest';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import { openStateStore } from '../../src/state/open-store.js';
import { Db } from '../../src/state/postgres/pg-db.js';
import { parsePostgresUrl } from '../../src/state/postgres/pg-url.js';
import { cafeMenu } from '../apply/menus.js';
import { postgresAvailable, schemaUrl, sql, testSchema } from './postgres-fixture.js';

const available = await postgresAvailable();

const target = { baseUrl: 'https://platform.example', clientId: 'client-1', posUid: 'default' };

/** ~20 MB of menu in 1M-character pieces: more than one batch of pieces for the reader. */
function bigMenu(): CanonicalMenu {
  const menu = cafeMenu(10_000);
  menu.products.forEach((product, i) => {
    product.description = `Crème brûlée ☕ n°${i} ${'é'.repeat(900)} 🍰`;
  });
  return menu;
}

async function commitSnapshot(url: string, menu: CanonicalMenu): Promise<void> {
  const store = await openStateStore(url);
  try {
    const state = store.target(target);
    const lock = await state.lock();
    const appliedAt = new Date(0).toISOString();
    const snapshot = { formatVersion: 2 as const, appliedAt, mode: 'replace' as const, runId: 'r1', menu };
    await (await state.stageConfirmed({ snapshot, status: { uncertain: false } })).commit();
    await lock.release();
  } finally {
    await store.close();
  }
}

describe.skipIf(!available)('PostgreSQL snapshot read', () => {
  it('reads snapshot pieces as text where the database is UTF8 (not bytea hex)', async () => {
    const db = new Db(parsePostgresUrl(schemaUrl(testSchema())), 'menusync test');
    onTestFinished(() => db.close());
    const rows = await sql<{ encoding: string }>("SELECT current_setting('server_encoding') AS encoding");
    expect(await db.textSafe()).toBe(['UTF8', 'SQL_ASCII'].includes(rows[0]!.encoding));
  });

  it('reads back a menu of many pieces, non-ASCII text included, reusing the unchanged products', async () => {
    const url = schemaUrl(testSchema());
    const menu = bigMenu();
    await commitSnapshot(url, menu);
    const pieces = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${parsePostgresUrl(url).schema}".snapshot_pieces`,
    );
    // More pieces than one SELECT fetches (PIECES_PER_READ = 8).
    expect(pieces[0]!.n).toBeGreaterThan(8);

    const desired = structuredClone(menu);
    desired.products[5_000]!.price = 99;
    const store = await openStateStore(url);
    onTestFinished(() => store.close());
    const read = await store.target(target).readSnapshot({ reuse: desired });
    expect(read?.menu).toEqual(menu);
    expect(read?.menu.products[4_999]).toBe(desired.products[4_999]);
    expect(read?.menu.products[5_000]).not.toBe(desired.products[5_000]);
    expect(read?.menu.products[5_000]?.price).toBe(menu.products[5_000]!.price);
  });

  it('keeps snapshot pieces and run files lz4-compressed where the server has lz4', async () => {
    const url = schemaUrl(testSchema());
    await commitSnapshot(url, cafeMenu(5));
    const { schema } = parsePostgresUrl(url);
    const [setting] = await sql<{ lz4: boolean }>(
      "SELECT 'lz4' = ANY (enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'",
    );
    const columns = await sql<{ compression: string }>(
      `SELECT attcompression::text AS compression FROM pg_attribute
       WHERE attrelid IN ('"${schema}".snapshot_pieces'::regclass, '"${schema}".run_files'::regclass)
         AND attname IN ('bytes', 'content') ORDER BY attname`,
    );
    const expected = setting?.lz4 ? 'l' : '';
    expect(columns.map((c) => c.compression)).toEqual([expected, expected]);
  });

  it('finds a damaged piece in a later batch damaged, and the store still answers after', async () => {
    const url = schemaUrl(testSchema());
    await commitSnapshot(url, bigMenu());
    const { schema } = parsePostgresUrl(url);
    await sql(
      `UPDATE "${schema}".snapshot_pieces SET bytes = convert_to('{"broken', 'UTF8')
       WHERE seq = (SELECT max(seq) - 2 FROM "${schema}".snapshot_pieces)`,
    );
    const store = await openStateStore(url);
    onTestFinished(() => store.close());
    await expect(store.target(target).readSnapshot()).rejects.toThrow(/is damaged/);
    expect(await store.target(target).readStatus()).toEqual({ uncertain: false });
  });
});

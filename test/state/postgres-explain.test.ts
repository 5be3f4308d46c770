import pg from 'pg';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { openStateStore } from '../../src/state/open-store.js';
import { startHarness, type Harness } from '../apply/harness.js';
import { cafeMenu } from '../apply/menus.js';
import { postgresAvailable, schemaUrl, sql, testSchema } from './postgres-fixture.js';

const available = await postgresAvailable();

/** The tables that hold a row (or many) per target: a scan of one reads the whole fleet. */
const FLEET_TABLES = ['targets', 'snapshots', 'snapshot_pieces', 'statuses', 'runs', 'run_files'];
const OTHER_TARGETS = 10_000;

/**
 * OTHER_TARGETS targets, each with two snapshots, three runs (one a rollback point) and a status,
 * then ANALYZE. With real row counts and statistics the planner picks a sequential scan only where
 * no index serves the query (on a nearly empty table it scans whatever the indexes, which would
 * hide nothing and prove nothing); enable_seqscan stays on, so the plans are the ones runs get.
 */
async function fillFleet(schema: string): Promise<void> {
  const s = `"${schema}"`;
  await sql(
    `INSERT INTO ${s}.targets (key) SELECT 'other-' || i FROM generate_series(1, ${OTHER_TARGETS}) i`,
  );
  await sql(`INSERT INTO ${s}.snapshots (target_key, staged, format_version, hash, run_id)
    SELECT 'other-' || i, false, 2, md5(i::text || v), 'run-' || v
    FROM generate_series(1, ${OTHER_TARGETS}) i, generate_series(1, 2) v`);
  await sql(
    `INSERT INTO ${s}.snapshot_pieces (snapshot_id, seq, bytes) SELECT id, 0, '\\x00' FROM ${s}.snapshots`,
  );
  await sql(
    `UPDATE ${s}.targets t SET snapshot_id = (SELECT max(id) FROM ${s}.snapshots WHERE target_key = t.key)`,
  );
  await sql(
    `INSERT INTO ${s}.statuses (target_key, status) SELECT key, '{"uncertain": false}' FROM ${s}.targets`,
  );
  await sql(`INSERT INTO ${s}.runs (target_key, run_id, snapshot_id)
    SELECT t.key, 'run-' || r, CASE WHEN r = 3 THEN t.snapshot_id END
    FROM ${s}.targets t, generate_series(1, 3) r`);
  await sql(`INSERT INTO ${s}.run_files (target_key, run_id, name, content)
    SELECT target_key, run_id, 'report.json', '\\x7b7d' FROM ${s}.runs`);
  await sql(
    `ANALYZE ${s}.targets, ${s}.snapshots, ${s}.snapshot_pieces, ${s}.statuses, ${s}.runs, ${s}.run_files`,
  );
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe.skipIf(!available)('PostgreSQL state among many targets', () => {
  it('runs every query of a target run without a sequential scan on a table that grows with the fleet', async () => {
    const schema = testSchema();
    const url = schemaUrl(schema);
    const store = await openStateStore(url);
    onTestFinished(() => store.close());
    await fillFleet(schema);
    h = await startHarness();

    // Every statement on the schema, as sent (pg runs pool queries through Client#query too).
    const statements: { text: string; values: unknown[] }[] = [];
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args
    ) {
      // A query as text and values, or as a named statement's config ({ name, text, values }).
      const [first, second] = args as unknown as [unknown, unknown];
      const named = typeof first === 'object' && first !== null ? (first as pg.QueryConfig) : null;
      const text = named ? named.text : first;
      const values = named ? named.values : second;
      if (typeof text === 'string' && text.includes(`"${schema}".`))
        statements.push({ text, values: Array.isArray(values) ? values : [] });
      return (query as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    onTestFinished(() => spy.mockRestore());
    // A first apply (replace), a second that changes a price (merge, the old snapshot dropped,
    // older runs pruned), and what history and rollback read.
    const first = await h.apply(cafeMenu(), { store, keepRuns: 2 });
    const changed = cafeMenu();
    changed.products[0] = { ...changed.products[0]!, price: 9 };
    await h.apply(changed, { store, keepRuns: 2 });
    await h.apply(cafeMenu(), { store, keepRuns: 2 });
    const state = store.target(h.target);
    const runs = await state.listRuns();
    await state.confirmedSnapshot(runs[0]!.id);
    await state.readRunFile(runs[0]!.id, 'report.json');
    await state.listRunFiles(runs[0]!.id);
    await state.readStatus();
    spy.mockRestore();
    expect(first.applied).toBe(true);

    const explained = new Map<string, string[]>();
    for (const { text, values } of statements) {
      if (explained.has(text)) continue;
      const [row] = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) ${text}`,
        values,
      );
      explained.set(text, seqScans(row!['QUERY PLAN'][0].Plan));
    }
    // Each kind of query the store sends: reads, writes, deletes and the snapshot's pieces.
    expect(explained.size).toBeGreaterThanOrEqual(12);
    const scanning = [...explained].filter(([, tables]) => tables.some((t) => FLEET_TABLES.includes(t)));
    expect(scanning.map(([text, tables]) => `${tables.join(', ')}: ${text.replace(/\s+/g, ' ')}`)).toEqual(
      [],
    );
  });
});

import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/state/postgres/migrations.js';
import { MIGRATION_TABLES } from '../../src/state/postgres/schema-check.js';
import { DEMO_MAPPING, menuCsv, startWorld } from '../cli-apply/fixture.js';
import { postgresAvailable, schemaUrl, sql, testSchema } from './postgres-fixture.js';

// These run the BUILT CLI: `npm run build` first (npm test does).

const available = await postgresAvailable();

/** Schemas that are not menusync's, as another tool (or a hand) leaves them. */
const FOREIGN: readonly [string, (s: string) => string[], RegExp][] = [
  ['unrelated tables', (s) => [`CREATE TABLE ${s}.invoices (id int)`], /did not create \(invoices\)/],
  [
    "Rails' schema_migrations (text versions)",
    (s) => [
      `CREATE TABLE ${s}.schema_migrations (version varchar PRIMARY KEY)`,
      `INSERT INTO ${s}.schema_migrations VALUES ('20240101120000')`,
      `CREATE TABLE ${s}.users (id int)`,
    ],
    /did not create \(schema_migrations, users\)/,
  ],
  [
    'a schema_migrations without a version column',
    (s) => [`CREATE TABLE ${s}.schema_migrations (id int, name text)`],
    /did not create \(schema_migrations\)/,
  ],
  [
    "integer versions beside another tool's tables",
    (s) => [
      `CREATE TABLE ${s}.schema_migrations (version int PRIMARY KEY)`,
      `INSERT INTO ${s}.schema_migrations VALUES (1), (2)`,
      `CREATE TABLE ${s}.users (id int)`,
    ],
    /did not create \(users\)/,
  ],
  [
    "an empty schema_migrations beside another tool's targets table",
    (s) => [
      `CREATE TABLE ${s}.schema_migrations (version int PRIMARY KEY)`,
      `CREATE TABLE ${s}.targets (id int)`,
      `CREATE TABLE ${s}.orders (id int)`,
    ],
    /did not create \(orders\)/,
  ],
  [
    "menusync's version with its tables dropped",
    (s) => [
      `CREATE TABLE ${s}.schema_migrations (version int PRIMARY KEY)`,
      `INSERT INTO ${s}.schema_migrations VALUES (1)`,
    ],
    /schema version 1 but lacks its tables \(targets, snapshots, snapshot_pieces\)/,
  ],
];

describe.skipIf(!available)('a PostgreSQL state schema that is not menusync’s', () => {
  it('knows the tables of every migration', () => {
    expect(MIGRATION_TABLES).toHaveLength(SCHEMA_VERSION);
  });

  it.each(FOREIGN.map(([name, setup, message]) => [name, setup, message] as const))(
    '%s: apply, plan, history, state list, state copy and a fleet exit 2 with one line, nothing sent',
    async (caseName, setup, message) => {
      const schema = testSchema();
      await sql(`CREATE SCHEMA ${schema}`);
      for (const statement of setup(schema)) await sql(statement);
      const before = await sql<{ name: string }>(
        'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1',
        [schema],
      );
      const w = await startWorld();
      try {
        const state = schemaUrl(schema);
        const input = await w.writeExport('menu.csv', menuCsv(5));
        const config = await w.writeExport(
          'menusync.config.yaml',
          `state: "${state}"\ntargets:\n  north:\n    mapping: ${JSON.stringify(DEMO_MAPPING)}\n    inputs: [${JSON.stringify(input)}]\n    base_url: ${w.sandbox.url}\n    client_id: ${w.clientId}\n`,
        );
        const runs = [
          ['apply', '--mapping', DEMO_MAPPING, '--input', input, '--state', state, '--yes'],
          ['plan', '--mapping', DEMO_MAPPING, '--input', input, '--state', state],
          ['history', '--state', state],
          ['state', 'list', '--state', state],
          ['state', 'copy', '--from', state, '--to', `${w.dir}/copy`],
          ['state', 'copy', '--from', w.stateDir, '--to', state],
          ['apply', '--all', '--yes', '--config', config],
        ];
        await w.run(w.args('apply', input, '--yes')); // a local state for `state copy --from`
        const sent = w.imports();
        // Every command for the first two; apply and state list for the rest (the same check).
        const index = FOREIGN.findIndex(([name]) => name === caseName);
        for (const args of index < 2 ? runs : [runs[0]!, runs[3]!]) {
          const result = await w.run(args);
          const label = args.slice(0, 2).join(' ');
          // A fleet keeps its report in that state too: it stops before any target, as one run does.
          expect(result.code, label + result.stderr).toBe(2);
          expect(result.stderr, label).toMatch(/^error: the PostgreSQL (schema|state) /m);
          expect(result.stderr, label).toMatch(message);
          expect(result.stderr, label).not.toMatch(/42P01|42P07|42703|system error/);
        }
        expect(w.imports()).toBe(sent);
        // Nothing was created or migrated in the other tool's schema.
        const after = await sql(
          'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1',
          [schema],
        );
        expect(after).toEqual(before);
      } finally {
        await w.close();
      }
    },
  );
});

import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config/load-config.js';
import { PACKAGE_ROOT } from '../src/package-root.js';
import { openStateStore } from '../src/state/open-store.js';
import { newestRuns } from '../src/worker/history-runs.js';
import { FLEET_PRODUCTS } from './fleet-target.js';
import { writeFleetConfig } from './generate.js';
import { compare, median, round, type Sample } from './measure.js';
import { dropSchemas, PG_BASE, pgQuery, schemaUrl } from './postgres-state-target.js';
import { ratioRow, secondsRow } from './rows.js';
import type { BenchContext, BenchRow, TaskSetup } from './types.js';
import { runProcess } from './whole-process.js';

/** Issue 32: `fleet status` of 10,000 targets, whole process, within this many seconds. */
export const STATUS_LIMIT_SECONDS = 2;
/** Reading every target's last run through the store, over reading the same rows or files bare. */
export const STATUS_READ_RATIO_LIMIT = 3;

const CLI = path.join(PACKAGE_ROOT, 'bin', 'menusync.js');
/** Never contacted: `fleet status` reads the state and the queue only. */
const BASE_URL = 'http://127.0.0.1:9/bench';
const BUILDERS = 8;

/** A report.json as an unchanged night leaves it (its plan in plan.json, named here). */
function nightReport(runId: string): Record<string, unknown> {
  const counts = { add: 0, update: 0, remove: 0, keep: 50 };
  return {
    ...{ formatVersion: 1, command: 'apply', runId, mode: 'none', outcome: 'none', plan: 'plan.json' },
    counts: { categories: counts, products: counts, options: counts, option_values: counts },
    ...{ startedAt: '2026-11-29T02:00:00.000Z', finishedAt: '2026-11-29T02:00:00.120Z' },
    ...{ errors: [], warnings: [], verified: null, target: { baseUrl: BASE_URL } },
  };
}

/**
 * `targets` targets' state made through the public store API, as their runs leave it: identity,
 * one run with its report.json, a status. The config's targets are sandboxClient(1..targets).
 */
async function buildState(spec: string, targets: number): Promise<void> {
  const store = await openStateStore(spec);
  let next = 1;
  const one = async (i: number) => {
    const target = store.target({ baseUrl: BASE_URL, clientId: `client-${i}`, posUid: 'default' });
    const lock = await target.lock();
    try {
      await target.writeIdentity();
      const runId = `20261129T020000000Z-${String(i).padStart(6, '0')}`;
      await (await target.createRun(runId)).writeJson('report.json', nightReport(runId));
      await target.writeStatus({ uncertain: false });
    } finally {
      await lock.release();
    }
  };
  const builder = async () => {
    for (let i = next++; i <= targets; i = next++) await one(i);
  };
  try {
    await Promise.all(Array.from({ length: BUILDERS }, builder));
  } finally {
    await store.close();
  }
}

/** The subject: every config target's last run as `fleet status` reads it from the store. */
export const statusReadTask: TaskSetup = async ([config, state]) => {
  const loaded = (await loadConfig(config!))!;
  const store = await openStateStore(state!);
  return async () => `${(await newestRuns(store, loaded)).size} last runs`;
};

/**
 * The reference: the same rows or files read bare, each report parsed. Local: the files the store
 * reads (target.json, the runs folder, status, lock, the last report); PostgreSQL: one query.
 */
export const statusReadReferenceTask: TaskSetup = async ([state]) => {
  if (!state!.startsWith('postgres')) return async () => `${readFolder(state!)} last runs`;
  const url = new URL(state!);
  const schema = url.searchParams.get('schema')!;
  url.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return async () => {
    const { rows } = await client.query<{ report: Buffer | null }>(
      `SELECT t.key, t.base_url, t.client_id, s.status, r.run_id, f.content AS report
       FROM "${schema}".targets t LEFT JOIN "${schema}".statuses s ON s.target_key = t.key
       LEFT JOIN LATERAL (SELECT run_id FROM "${schema}".runs WHERE target_key = t.key
                          ORDER BY run_id DESC LIMIT 1) r ON true
       LEFT JOIN "${schema}".run_files f
         ON f.target_key = t.key AND f.run_id = r.run_id AND f.name = 'report.json'`,
    );
    const n = rows.filter((row) => row.report && JSON.parse(row.report.toString('utf8'))).length;
    await client.end();
    return `${n} last runs`;
  };
};

function readFolder(root: string): number {
  const optional = (file: string) => {
    try {
      return readFileSync(file);
    } catch {
      return null;
    }
  };
  let n = 0;
  for (const name of readdirSync(root)) {
    const dir = path.join(root, name);
    JSON.parse(readFileSync(path.join(dir, 'target.json'), 'utf8'));
    const last = readdirSync(path.join(dir, 'runs')).sort().at(-1)!;
    optional(path.join(dir, 'status.json'));
    optional(path.join(dir, 'lock'));
    const report = optional(path.join(dir, 'runs', last, 'report.json'));
    if (report && JSON.parse(report.toString('utf8'))) n++;
  }
  return n;
}

/**
 * Issue 32: `fleet status` of `targets` targets. The store's read of every target's last run
 * (local and PostgreSQL) against reading the same rows or files bare, and the whole
 * `menusync fleet status` process (PostgreSQL: the queue lives there) in seconds.
 */
export async function runFleetStatusTarget(ctx: BenchContext, targets: number): Promise<BenchRow[]> {
  const dir = await mkdtemp(path.join(ctx.dir, 'status-'));
  const config = await writeFleetConfig(dir, targets, BASE_URL, FLEET_PRODUCTS);
  const local = path.join(dir, 'state');
  await mkdir(local);
  ctx.log(`status: building ${targets} targets' local state`);
  await buildState(local, targets);
  const rows = [await readRow(ctx, 'local state', config, local, targets)];
  const postgres = await pgQuery('SELECT 1').then(
    () => true,
    () => false,
  );
  if (!postgres) {
    ctx.log('status: PostgreSQL unreachable, its rows skipped');
    return rows;
  }
  const prefix = `menusync_bench_s${randomBytes(3).toString('hex')}`;
  try {
    const state = schemaUrl(PG_BASE, prefix);
    ctx.log(`status: building ${targets} targets' PostgreSQL state`);
    await buildState(state, targets);
    rows.push(await readRow(ctx, 'PostgreSQL state', config, state, targets));
    rows.push(await wholeStatusRow(ctx, config, state, targets));
  } finally {
    await dropSchemas(prefix).catch(() => undefined);
  }
  return rows;
}

async function readRow(
  ctx: BenchContext,
  label: string,
  config: string,
  state: string,
  targets: number,
): Promise<BenchRow> {
  ctx.log(`status: ${targets} targets' last runs, ${label}`);
  const c = await compare(
    { task: 'status-read', args: [config, state] },
    { task: 'status-read-reference', args: [state] },
    Math.min(ctx.reps, 3),
    Math.min(ctx.warmup, 1),
  );
  const name = `fleet status of ${targets} targets, ${label}: every last run read through the store vs read bare`;
  return ratioRow(name, targets, c, STATUS_READ_RATIO_LIMIT);
}

async function wholeStatusRow(
  ctx: BenchContext,
  config: string,
  state: string,
  targets: number,
): Promise<BenchRow> {
  ctx.log(`status: menusync fleet status of ${targets} targets`);
  const samples: Sample[] = [];
  for (let i = 0; i < Math.min(ctx.reps, 3); i++)
    samples.push(
      await runProcess({
        args: [CLI, 'fleet', 'status', '--config', config, '--state', state],
        checkFrom: 'stdout',
      }),
    );
  return secondsRow(
    `fleet status of ${targets} targets (PostgreSQL), whole process (s)`,
    targets,
    samples,
    STATUS_LIMIT_SECONDS,
    `${samples[0]?.check.slice(0, 60)}; CPU ${round(median(samples.map((s) => s.cpuMs)))} ms`,
  );
}

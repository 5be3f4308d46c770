import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { PACKAGE_ROOT } from '../src/package-root.js';
import { sandboxClients, startSandbox } from '../src/sandbox/index.js';
import { FLEET_PRODUCTS } from './fleet-target.js';
import { writeFleetConfig } from './generate.js';
import { compareRuns, round, type Sample } from './measure.js';
import { ratioRow, secondsRow } from './rows.js';
import type { BenchContext, BenchRow } from './types.js';
import { runProcess } from './whole-process.js';

/** Three workers may take at most this much of one `apply --all` process's time on the same targets. */
export const WORKERS_RATIO_LIMIT = 1.3;
/** Enqueueing 10,000 targets (one batched insert) takes less than this many seconds (issue 32). */
export const ENQUEUE_LIMIT_SECONDS = 5;
const WORKERS = 3;
const CONCURRENCY_EACH = 2;

const CLI = path.join(PACKAGE_ROOT, 'bin', 'menusync.js');
const PG_BASE = process.env.MENUSYNC_TEST_PG || 'postgres://postgres@127.0.0.1:5432/test';
const WORKERS_ROW = `sync workers: ${WORKERS} worker processes (concurrency ${CONCURRENCY_EACH} each) vs one apply --all --concurrency ${WORKERS * CONCURRENCY_EACH}, whole processes`;
const enqueueRowName = (targets: number) =>
  `sync workers: fleet enqueue --all of ${targets} targets, whole process`;

async function pgQuery<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const stateUrl = (schema: string) => {
  const url = new URL(PG_BASE);
  url.searchParams.set('schema', schema);
  return url.toString();
};

/** A `menusync worker` process, resolved once it says it takes jobs. */
function startWorkerProcess(config: string, state: string, name: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const args = [CLI, 'worker', '--config', config, '--state', state, '--name', name];
    const child = spawn(process.execPath, [...args, '--concurrency', String(CONCURRENCY_EACH)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      if (err.length < 10_000) err += d;
      if (err.includes('taking syncs')) resolve(child);
    });
    child.on('close', (code) => reject(new Error(`worker ${name} ended (exit ${code}): ${err}`)));
  });
}

/** One run of the subject: workers started (untimed), then enqueue + every target done (timed). */
async function workersRun(config: string, targets: number, prefix: string): Promise<Sample> {
  const schema = `${prefix}_${randomBytes(3).toString('hex')}`;
  const state = stateUrl(schema);
  // The first worker creates the schemas; the others then start as on a running deployment.
  const workers = [await startWorkerProcess(config, state, `${schema}-0`)];
  for (let i = 1; i < WORKERS; i++) workers.push(await startWorkerProcess(config, state, `${schema}-${i}`));
  try {
    const started = performance.now();
    const enqueue = await runProcess({
      args: [CLI, 'fleet', 'enqueue', '--all', '--config', config, '--state', state],
      checkFrom: 'stderr',
    });
    let done = 0;
    while (done < targets) {
      const rows = await pgQuery<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${schema}".worker_jobs WHERE state = 'succeeded'`,
      );
      done = rows[0]?.n ?? 0;
      const failed = await pgQuery(
        `SELECT 1 FROM "${schema}".worker_jobs WHERE state IN ('failed', 'needs-person')`,
      );
      if (failed.length > 0) throw new Error('a worker sync failed');
      if (done < targets) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return {
      ms: round(performance.now() - started),
      cpuMs: enqueue.cpuMs,
      maxRssMb: enqueue.maxRssMb,
      check: `${done} targets done`,
    };
  } finally {
    for (const worker of workers) {
      worker.removeAllListeners('close');
      worker.kill('SIGTERM');
    }
  }
}

/**
 * The sync workers' overhead: `targets` small targets run by three `menusync worker` processes
 * (2 at once each) against one `menusync apply --all --concurrency 6` process, both with a fresh
 * PostgreSQL state each run; then `fleet enqueue --all` of `enqueueTargets` targets (10,000 by default). Schemas made here are dropped.
 */
export async function runWorkersTarget(
  ctx: BenchContext,
  targets: number,
  enqueueTargets: number,
): Promise<BenchRow[]> {
  try {
    await pgQuery('SELECT 1');
  } catch {
    ctx.log('workers: PostgreSQL unreachable, rows skipped');
    return [];
  }
  const prefix = `menusync_bench_w${randomBytes(2).toString('hex')}`;
  const sandbox = await startSandbox({ clients: sandboxClients(targets) });
  try {
    const dir = await mkdtemp(path.join(ctx.dir, 'workers-'));
    const config = await writeFleetConfig(dir, targets, sandbox.url, FLEET_PRODUCTS);
    ctx.log(`workers: ${targets} targets x ${FLEET_PRODUCTS} products, ${WORKERS} workers vs apply --all`);
    const c = await compareRuns(
      () => workersRun(config, targets, prefix),
      () =>
        runProcess({
          args: [
            CLI,
            'apply',
            '--all',
            '--yes',
            '--quiet',
            '--concurrency',
            String(WORKERS * CONCURRENCY_EACH),
          ].concat(['--config', config, '--state', stateUrl(`${prefix}_${randomBytes(3).toString('hex')}`)]),
          checkFrom: 'stderr',
        }),
      Math.min(ctx.reps, 3),
      Math.min(ctx.warmup, 1),
    );
    const rows = [ratioRow(WORKERS_ROW, targets * FLEET_PRODUCTS, c, WORKERS_RATIO_LIMIT)];
    rows.push(await enqueueRow(ctx, dir, prefix, sandbox.url, enqueueTargets));
    return rows;
  } finally {
    await sandbox.close();
    const schemas = await pgQuery<{ nspname: string }>(
      'SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)',
      [prefix],
    );
    for (const { nspname } of schemas) await pgQuery(`DROP SCHEMA "${nspname}" CASCADE`);
  }
}

async function enqueueRow(
  ctx: BenchContext,
  dir: string,
  prefix: string,
  baseUrl: string,
  targets: number,
): Promise<BenchRow> {
  const bigDir = await mkdtemp(path.join(dir, 'enqueue-'));
  const config = await writeFleetConfig(bigDir, targets, baseUrl, FLEET_PRODUCTS);
  ctx.log(`workers: enqueue ${targets} targets`);
  const samples: Sample[] = [];
  for (let i = 0; i < Math.min(ctx.reps, 3); i++) {
    const state = stateUrl(`${prefix}_e${i}`);
    samples.push(
      await runProcess({
        args: [CLI, 'fleet', 'enqueue', '--all', '--config', config, '--state', state],
        checkFrom: 'stderr',
      }),
    );
  }
  return secondsRow(enqueueRowName(targets), targets, samples, ENQUEUE_LIMIT_SECONDS, samples[0]?.check);
}

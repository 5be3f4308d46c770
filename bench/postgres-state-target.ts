import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { applyRun } from '../src/apply/apply-run.js';
import { planOffline } from '../src/apply/2-plan/plan-offline.js';
import { extractMenu } from '../src/mapping/extract-menu.js';
import type { CanonicalMenu } from '../src/model/canonical-menu.js';
import { plan } from '../src/plan/index.js';
import { startSandbox } from '../src/sandbox/index.js';
import { openStateStore } from '../src/state/open-store.js';
import type { StateStore } from '../src/state/store.js';
import type { Target } from '../src/state/target.js';
import { MAX_BYTES, readMenu, SECRET_ENV, warmClient } from './apply-target.js';
import { writeBenchCsv, writeBenchMapping } from './generate.js';
import { compare } from './measure.js';
import { ratioRow } from './rows.js';
import type { BenchContext, BenchRow, TaskSetup } from './types.js';

/** Issue 13: PostgreSQL state may cost at most this much over local state. */
export const PG_APPLY_RATIO_LIMIT = 1.3;
export const PG_PLAN_RATIO_LIMIT = 1.2;

export const PG_BASE = process.env.MENUSYNC_TEST_PG || 'postgres://postgres@127.0.0.1:5432/test';
const PLAN_TARGET: Target = { baseUrl: 'http://127.0.0.1:9/bench', clientId: 'bench', posUid: 'default' };
const APPLY_ROW = 'PostgreSQL vs local state: first apply (replace, with read-back)';
const PLAN_ROW = 'PostgreSQL vs local state: plan (1% changed)';

/** `base` with `?schema=NAME`: the store's own parameter (pg-url.ts). */
export function schemaUrl(base: string, schema: string): string {
  const url = new URL(base);
  url.searchParams.set('schema', schema);
  return url.toString();
}

/**
 * A fresh state for a first apply: a new folder under a local root, or a new schema whose name
 * starts with the `?schema=` prefix given (the parent drops every schema with that prefix).
 */
export async function freshState(spec: string): Promise<string> {
  if (!spec.startsWith('postgres')) return mkdtemp(path.join(spec, 'state-'));
  const prefix = new URL(spec).searchParams.get('schema') ?? 'menusync_bench';
  return schemaUrl(spec, `${prefix}_${randomBytes(4).toString('hex')}`);
}

/**
 * `menusync plan` as planTask runs it, with the state a `--state` value names. Opened untimed and
 * left open: its pool lets the child exit once idle (pg-db.ts allowExitOnIdle).
 */
export const statePlanTask: TaskSetup = async ([mapping, input, state]) => {
  const store = await openStateStore(state!);
  return async () => {
    const extracted = await extractMenu({ mapping: mapping!, inputs: [input!] });
    const { plan: result } = await planOffline(plan, extracted.menu, PLAN_TARGET, store, {
      posUid: PLAN_TARGET.posUid,
      extractionErrors: extracted.stats.errors,
    });
    const p = result.counts.products;
    return `${result.mode}: ${p.update} products updated, ${p.keep} kept`;
  };
};

/**
 * applyTask's first apply with the state a `--state` value names: a fresh folder or schema each
 * run. Opening the store (connect, create the schema's tables) is setup: a one-time cost per
 * database, not per apply.
 */
export const stateApplyTask: TaskSetup = async ([menuFile, baseUrl, clientId, state]) => {
  const desired = await readMenu(menuFile!);
  const client = await warmClient(baseUrl!, clientId!);
  const store = await openStateStore(await freshState(state!));
  const target: Target = { baseUrl: baseUrl!, clientId: clientId!, posUid: 'default' };
  return async () => {
    const outcome = await applyRun(
      {
        target,
        store,
        desired,
        planOptions: { posUid: 'default' },
        maxPayloadBytes: MAX_BYTES,
        verify: true,
      },
      { plan, client, confirm: async () => true },
    );
    return `${outcome.plan.mode}, applied ${outcome.applied}, ${outcome.verification?.status ?? 'not verified'}`;
  };
};

/** The menu saved as the target's confirmed snapshot, as an apply leaves it (under the lock). */
async function saveBaseline(store: StateStore, menu: CanonicalMenu): Promise<void> {
  const state = store.target(PLAN_TARGET);
  const lock = await state.lock();
  try {
    const appliedAt = new Date(0).toISOString();
    const staged = await state.stageConfirmed({
      snapshot: { formatVersion: 2, appliedAt, mode: 'replace', runId: 'bench', menu },
      status: { uncertain: false },
    });
    await staged.commit();
  } finally {
    await lock.release();
  }
}

export async function pgQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await client.query(text, values);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Every schema this bench run made (`prefix…`), with all it holds. */
export async function dropSchemas(prefix: string): Promise<void> {
  const { rows } = await pgQuery('SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)', [prefix]);
  for (const row of rows as { nspname: string }[]) await pgQuery(`DROP SCHEMA "${row.nspname}" CASCADE`);
}

function skipped(target: string, size: number, limit: number): BenchRow {
  return {
    ...{ target, size, subjectMs: null, referenceMs: null, measured: 0, unit: 'x', cpuRatio: null },
    ...{ spread: null, limit, bound: 'at-most', subjectRssMb: null, referenceRssMb: null, pass: true },
    skipped: 'skipped: PostgreSQL unreachable',
  };
}

/**
 * Issue 13: the same first apply (`applySize` products) and the same plan (`planSize` products,
 * 1% changed) with `--state` a temp folder (reference) and a PostgreSQL schema (subject),
 * alternating in pairs. Every schema made here is dropped afterwards.
 */
export async function runPostgresStateTarget(
  ctx: BenchContext,
  applySize: number,
  planSize: number,
): Promise<BenchRow[]> {
  try {
    await pgQuery('SELECT 1');
  } catch {
    ctx.log('postgres: PostgreSQL unreachable, rows skipped');
    return [
      skipped(APPLY_ROW, applySize, PG_APPLY_RATIO_LIMIT),
      skipped(PLAN_ROW, planSize, PG_PLAN_RATIO_LIMIT),
    ];
  }
  const prefix = `menusync_bench_${randomBytes(3).toString('hex')}`;
  try {
    const dir = await mkdtemp(path.join(ctx.dir, 'postgres-'));
    const mapping = await writeBenchMapping(dir, 'csv');
    return [
      await applyRow(ctx, dir, mapping, applySize, prefix),
      await planRow(ctx, dir, mapping, planSize, prefix),
    ];
  } finally {
    await dropSchemas(prefix);
  }
}

async function applyRow(ctx: BenchContext, dir: string, mapping: string, size: number, prefix: string) {
  const clientId = 'bench';
  const clientSecret = `sbx_cs_${randomBytes(16).toString('hex')}`;
  const sandbox = await startSandbox({
    clients: [{ clientId, clientSecret, scopes: ['read:menu', 'write:menu'] }],
    maxImportBytes: MAX_BYTES,
  });
  try {
    const csv = path.join(dir, `apply-${size}.csv`);
    await writeBenchCsv(csv, { products: size });
    const { menu } = await extractMenu({ mapping, inputs: [csv] });
    const menuFile = path.join(dir, `apply-menu-${size}.json`);
    await writeFile(menuFile, JSON.stringify(menu));
    const args = [menuFile, sandbox.url, clientId];
    const env = { [SECRET_ENV]: clientSecret };
    ctx.log(`postgres: first apply ${size}`);
    const c = await compare(
      { task: 'state-apply', args: [...args, schemaUrl(PG_BASE, `${prefix}_apply`)], env },
      { task: 'state-apply', args: [...args, await mkdtemp(path.join(dir, 'apply-state-'))], env },
      ctx.reps,
      ctx.warmup,
    );
    return ratioRow(APPLY_ROW, size, c, PG_APPLY_RATIO_LIMIT);
  } finally {
    await sandbox.close();
  }
}

async function planRow(ctx: BenchContext, dir: string, mapping: string, size: number, prefix: string) {
  const base = path.join(dir, `plan-base-${size}.csv`);
  await writeBenchCsv(base, { products: size });
  const { menu } = await extractMenu({ mapping, inputs: [base] });
  const local = path.join(dir, `plan-state-${size}`);
  const postgres = schemaUrl(PG_BASE, `${prefix}_plan`);
  for (const spec of [local, postgres]) {
    const store = await openStateStore(spec);
    try {
      await saveBaseline(store, menu);
    } finally {
      await store.close();
    }
  }
  const changed = path.join(dir, `plan-changed-${size}.csv`);
  await writeBenchCsv(changed, { products: size, changeEvery: 100 });
  ctx.log(`postgres: plan ${size}`);
  const c = await compare(
    { task: 'state-plan', args: [mapping, changed, postgres] },
    { task: 'state-plan', args: [mapping, changed, local] },
    ctx.reps,
    ctx.warmup,
  );
  return ratioRow(PLAN_ROW, size, c, PG_PLAN_RATIO_LIMIT);
}

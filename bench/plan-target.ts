import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { planOffline } from '../src/apply/2-plan/plan-offline.js';
import { extractMenu } from '../src/mapping/extract-menu.js';
import { plan } from '../src/plan/index.js';
import { localStateStore } from '../src/state/local/local-store.js';
import { SNAPSHOT_FILE } from '../src/state/snapshot.js';
import type { Target } from '../src/state/target.js';
import { countCsvRecords } from './extract-target.js';
import { growthRow, ratioRow, rssRow } from './rows.js';
import { SHOPIFY_MAPPING, writeShopifyCsv } from './shopify-export.js';
import { compare, type Comparison } from './measure.js';
import type { BenchContext, BenchRow, TaskSetup } from './types.js';

/** Plan of the 100k export within 2.0x of csv-parse of the export + JSON.parse of the snapshot. */
export const PLAN_RATIO_LIMIT = 2;

/** Never contacted: plan only uses the target to find its state folder. */
const BENCH_TARGET: Target = { baseUrl: 'http://127.0.0.1:9/bench', clientId: 'bench', posUid: 'default' };

/** What `menusync plan` does: extract the changed export, read the snapshot, diff. */
export const planTask: TaskSetup = async ([mapping, input, stateDir]) => {
  const store = localStateStore(stateDir!);
  return async () => {
    const extracted = await extractMenu({ mapping: mapping!, inputs: [input!] });
    const { plan: result } = await planOffline(plan, extracted.menu, BENCH_TARGET, store, {
      posUid: BENCH_TARGET.posUid,
      extractionErrors: extracted.stats.errors,
    });
    const p = result.counts.products;
    return `${result.mode}: ${p.update} products updated, ${p.keep} kept${result.blocked ? `, blocked: ${result.blocked}` : ''}`;
  };
};

/** The floor: csv-parse over the same CSV plus JSON.parse of the snapshot file. */
export const planReferenceTask: TaskSetup = async ([input, snapshotFile]) => {
  return async () => {
    const records = await countCsvRecords(input!);
    const snapshot = JSON.parse(await readFile(snapshotFile!, 'utf8')) as { menu: { products: unknown[] } };
    return `${records} records, ${snapshot.menu.products.length} snapshot products`;
  };
};

/** The baseline: the unchanged export, extracted and saved as the target's confirmed snapshot. */
async function writeBaseline(ctx: BenchContext, mapping: string, size: number): Promise<string> {
  const base = path.join(ctx.dir, `plan-base-${size}.csv`);
  await writeShopifyCsv(base, { products: size });
  const { menu } = await extractMenu({ mapping, inputs: [base] });
  const stateDir = path.join(ctx.dir, `plan-state-${size}`);
  // As an apply leaves it: through the store, under the target's lock.
  const state = localStateStore(stateDir).target(BENCH_TARGET);
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
  return stateDir;
}

/**
 * Target 3: plan of a 1%-changed Shopify export (shopify-export.ts) against its snapshot, per size.
 * The ratio is judged at the largest size (the target is set for the 100k export); smaller sizes,
 * where start-up costs weigh more, and the peak RSS (the reference's own JSON.parse of a 135 MB
 * snapshot takes ~250 MB) are reported. Growth from the smallest to the largest is judged.
 */
export async function runPlanTarget(ctx: BenchContext, sizes: number[]): Promise<BenchRow[]> {
  const mapping = SHOPIFY_MAPPING;
  const rows: BenchRow[] = [];
  const runs: Comparison[] = [];
  for (const size of sizes) {
    const stateDir = await writeBaseline(ctx, mapping, size);
    const snapshotFile = path.join(localStateStore(stateDir).target(BENCH_TARGET).location, SNAPSHOT_FILE);
    const changed = path.join(ctx.dir, `plan-changed-${size}.csv`);
    await writeShopifyCsv(changed, { products: size, changeEvery: 100 });
    ctx.log(`plan ${size}`);
    const c = await compare(
      { task: 'plan', args: [mapping, changed, stateDir] },
      { task: 'plan-reference', args: [changed, snapshotFile] },
      ctx.reps,
      ctx.warmup,
    );
    runs.push(c);
    const judged = size === sizes[sizes.length - 1];
    rows.push(
      ratioRow('plan (1% changed) vs csv-parse + JSON.parse', size, c, judged ? PLAN_RATIO_LIMIT : null),
    );
  }
  const largest = sizes.length - 1;
  rows.push(rssRow('plan peak RSS', sizes[largest]!, runs[largest]!, 'at-most', { judged: false }));
  if (sizes.length >= 2) {
    rows.push(growthRow('plan', runs[0]!, runs[largest]!, [sizes[0]!, sizes[largest]!]));
  }
  return rows;
}

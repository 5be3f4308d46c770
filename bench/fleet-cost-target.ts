import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { sandboxClients, startSandbox } from '../src/sandbox/index.js';
import { FLEET_CONCURRENCY, FLEET_PRODUCTS } from './fleet-target.js';
import { writeFleetConfig } from './generate.js';
import { compare, type Comparison } from './measure.js';
import { dropSchemas, PG_BASE, pgQuery, schemaUrl } from './postgres-state-target.js';
import { ratioRow } from './rows.js';
import type { BenchContext, BenchRow } from './types.js';

/** Issue 37: a target of a large fleet may cost at most 10% more than one of a small fleet. */
export const FLEET_COST_RATIO_LIMIT = 1.1;

/** `c` per target: the subject's time over `large` targets against the reference's over `small`. */
function perTarget(c: Comparison, small: number, large: number): Comparison {
  const scale = small / large;
  return {
    ...c,
    subjectMs: c.subjectMs / large,
    referenceMs: c.referenceMs / small,
    ratio: c.ratio * scale,
    cpuRatio: c.cpuRatio * scale,
    spread: [c.spread[0] * scale, c.spread[1] * scale],
  };
}

/**
 * Issue 37: the whole `apply --all --quiet` (every target's run, then the fleet's report, its
 * redaction and the stdout summary) of `large` targets against the first `small` of the same
 * config, per target, with the state in a folder and in PostgreSQL. Work that grows with the
 * fleet per target (redaction per secret, a scan of every target's rows, settings searched in
 * the whole config) shows as a ratio above 1. Sizes are parameters: 10,000 targets take minutes
 * per run on two cores.
 */
export async function runFleetCostTarget(ctx: BenchContext, [small, large]: number[]): Promise<BenchRow[]> {
  const sandbox = await startSandbox({ clients: sandboxClients(large!) });
  const prefix = `menusync_bench_${randomBytes(3).toString('hex')}`;
  try {
    const dir = await mkdtemp(path.join(ctx.dir, 'fleet-cost-'));
    const largeConfig = await writeFleetConfig(
      await mkdtemp(path.join(dir, 'large-')),
      large!,
      sandbox.url,
      FLEET_PRODUCTS,
    );
    const smallConfig = await writeFleetConfig(
      await mkdtemp(path.join(dir, 'small-')),
      small!,
      sandbox.url,
      FLEET_PRODUCTS,
    );
    const postgres = await pgQuery('SELECT 1').then(
      () => true,
      () => false,
    );
    const states: [string, string[]][] = [['local state', []]];
    if (postgres) states.push(['PostgreSQL state', [schemaUrl(PG_BASE, prefix)]]);
    else ctx.log('fleet cost: PostgreSQL unreachable, its row skipped');
    const rows: BenchRow[] = [];
    for (const [label, stateArgs] of states) {
      ctx.log(`fleet cost: ${large} vs ${small} targets, ${label}`);
      const run = (config: string) => ({
        task: 'fleet',
        args: [config, String(FLEET_CONCURRENCY), dir, ...stateArgs],
      });
      const c = await compare(run(largeConfig), run(smallConfig), ctx.reps, ctx.warmup);
      const what = `apply --all, per target: ${large} vs ${small} targets x ${FLEET_PRODUCTS} products, ${label}`;
      rows.push(ratioRow(what, large!, perTarget(c, small!, large!), FLEET_COST_RATIO_LIMIT));
    }
    return rows;
  } finally {
    await sandbox.close();
    await dropSchemas(prefix).catch(() => undefined);
  }
}

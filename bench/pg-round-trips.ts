import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { runFleet } from '../src/library/run-fleet.js';
import { sandboxClients, startSandbox } from '../src/sandbox/index.js';
import { roundTrips } from '../src/state/postgres/pg-db.js';
import { FLEET_CONCURRENCY, FLEET_PRODUCTS } from './fleet-target.js';
import { writeFleetConfig } from './generate.js';
import { dropSchemas, PG_BASE, pgQuery, schemaUrl } from './postgres-state-target.js';
import type { BenchContext, BenchRow } from './types.js';

/** Issue 32: statements a target's run sends to PostgreSQL state (measured: 7 and 12; were 15 and 33). */
export const ROUND_TRIP_LIMITS = { unchanged: 7, first: 12 } as const;

/** Fleets of this many and twice as many targets: enough to see the per-target figure, quick to run. */
export const ROUND_TRIP_TARGETS = 10;

/** Statements sent by an `apply --all` (the library's runFleet, in this process) of `targets` targets. */
async function fleetTrips(config: string, state: string, want: 'applied' | 'unchanged'): Promise<number> {
  const before = roundTrips.count;
  const result = await runFleet({
    ...{ command: 'apply', config, all: true, concurrency: FLEET_CONCURRENCY, allowRemovals: true },
    env: { ...process.env, MENUSYNC_STATE: state },
  });
  const done = want === 'applied' ? result.summary.applied : result.summary.unchanged;
  if (done !== result.summary.total) throw new Error(`round trips: not every target ${want}`);
  return roundTrips.count - before;
}

/**
 * Issue 32: PostgreSQL round trips (statements, BEGIN and COMMIT included, the lock sessions'
 * too) per target of a first sync and of an unchanged night. Two fleets, `targets` and twice as
 * many: the difference over `targets` is the per-target figure, without the fleet's own statements
 * (its report, the schema check). Counted by pg-db.ts, never shown to users.
 */
export async function runRoundTripsTarget(ctx: BenchContext, targets: number): Promise<BenchRow[]> {
  const reachable = await pgQuery('SELECT 1').then(
    () => true,
    () => false,
  );
  if (!reachable) {
    ctx.log('round trips: PostgreSQL unreachable, rows skipped');
    return [];
  }
  const prefix = `menusync_bench_r${randomBytes(3).toString('hex')}`;
  const counts: Record<string, number>[] = [];
  try {
    for (const size of [targets, 2 * targets]) {
      ctx.log(`round trips: ${size} targets`);
      const sandbox = await startSandbox({ clients: sandboxClients(size) });
      try {
        const dir = await mkdtemp(path.join(ctx.dir, 'trips-'));
        const config = await writeFleetConfig(dir, size, sandbox.url, FLEET_PRODUCTS);
        const state = schemaUrl(PG_BASE, `${prefix}_${size}`);
        const first = await fleetTrips(config, state, 'applied');
        counts.push({ first, unchanged: await fleetTrips(config, state, 'unchanged') });
      } finally {
        await sandbox.close();
      }
    }
  } finally {
    await dropSchemas(prefix).catch(() => undefined);
  }
  return (['unchanged', 'first'] as const).map((kind) => {
    const perTarget = (counts[1]![kind]! - counts[0]![kind]!) / targets;
    const limit = ROUND_TRIP_LIMITS[kind];
    return {
      target: `PostgreSQL round trips per target, ${kind === 'first' ? 'first sync' : 'unchanged night'} (50 products)`,
      size: targets,
      ...{
        subjectMs: null,
        referenceMs: null,
        measured: perTarget,
        unit: 'queries' as const,
        cpuRatio: null,
      },
      ...{ spread: null, limit, bound: 'at-most' as const, subjectRssMb: null, referenceRssMb: null },
      pass: perTarget <= limit,
      check: `${counts[0]![kind]} statements for ${targets} targets, ${counts[1]![kind]} for ${2 * targets}`,
    };
  });
}

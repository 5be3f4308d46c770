import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { runApplyTarget } from './apply-target.js';
import { runConsoleTarget } from './console-target.js';
import { runExtractTarget } from './extract-target.js';
import { runFleetCostTarget } from './fleet-cost-target.js';
import { runFleetNightTarget } from './fleet-night-target.js';
import { runFleetStatusTarget } from './fleet-status-target.js';
import { ROUND_TRIP_TARGETS, runRoundTripsTarget } from './pg-round-trips.js';
import { runWorkerDrainTarget } from './worker-drain.js';
import { runFleetTarget } from './fleet-target.js';
import type { BenchOptions, TargetName } from './options.js';
import { runPlanTarget } from './plan-target.js';
import { runPostgresStateTarget } from './postgres-state-target.js';
import { runRefreshTarget } from './refresh-target.js';
import type { BenchContext, BenchRow } from './types.js';
import { runWorkersTarget } from './workers-target.js';
import { runHostileXlsxRow } from './xlsx-hostile.js';
import { runXlsxTarget } from './xlsx-target.js';
import { runEncodingTarget } from './encoding-target.js';

export interface BenchResult {
  formatVersion: 1;
  date: string;
  machine: { node: string; platform: string; cpus: number; cpuModel: string };
  options: Omit<BenchOptions, 'out' | 'keep' | 'writeDocs'>;
  rows: BenchRow[];
  allPass: boolean;
}

/** Runs the chosen targets on data generated into a temp folder (removed afterwards unless --keep). */
export async function runBench(options: BenchOptions, log: (m: string) => void): Promise<BenchResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'menusync-bench-'));
  const ctx: BenchContext = { dir, reps: options.reps, warmup: options.warmup, log };
  const rows: BenchRow[] = [];
  try {
    const want = (t: TargetName) => options.only.includes(t);
    if (want('extract')) rows.push(...(await runExtractTarget(ctx, options.sizes)));
    // The largest size (100k rows by default): detection and decoding of a legacy code page.
    if (want('encoding')) rows.push(...(await runEncodingTarget(ctx, options.sizes.at(-1)!)));
    if (want('xlsx')) {
      rows.push(...(await runXlsxTarget(ctx, options.xlsxSize)));
      rows.push(await runHostileXlsxRow(ctx, options.hostileSize));
    }
    if (want('plan')) rows.push(...(await runPlanTarget(ctx, options.sizes)));
    if (want('apply')) rows.push(...(await runApplyTarget(ctx, options.applySize)));
    if (want('fleet')) rows.push(...(await runFleetTarget(ctx, options.fleetTargets)));
    if (want('fleet-cost')) rows.push(...(await runFleetCostTarget(ctx, options.fleetCostTargets)));
    // The live menu at the largest size (100k products by default) over 500 categories.
    if (want('refresh')) rows.push(...(await runRefreshTarget(ctx, options.sizes.at(-1)!)));
    if (want('postgres'))
      rows.push(...(await runPostgresStateTarget(ctx, options.applySize, options.sizes.at(-1)!)));
    if (want('workers'))
      rows.push(...(await runWorkersTarget(ctx, options.fleetTargets, options.enqueueTargets)));
    if (want('night')) rows.push(...(await runFleetNightTarget(ctx, options.nightTargets)));
    if (want('console')) rows.push(...(await runConsoleTarget(ctx, options.consoleTargets)));
    if (want('status')) rows.push(...(await runFleetStatusTarget(ctx, options.statusTargets)));
    if (want('round-trips')) rows.push(...(await runRoundTripsTarget(ctx, ROUND_TRIP_TARGETS)));
    if (want('drain')) rows.push(...(await runWorkerDrainTarget(ctx, options.drainTargets)));
  } finally {
    if (options.keep) log(`data kept in ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
  const { out: _out, keep: _keep, writeDocs: _writeDocs, ...shown } = options;
  return {
    formatVersion: 1,
    date: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: availableParallelism(),
      cpuModel: cpus()[0]?.model ?? 'unknown',
    },
    options: shown,
    rows,
    allPass: rows.every((r) => r.pass),
  };
}

import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { runFleetCommand } from '../src/cli/fleet-command.js';
import { sandboxClients, startSandbox } from '../src/sandbox/index.js';
import { writeFleetConfig } from './generate.js';
import { compare } from './measure.js';
import { freshState } from './postgres-state-target.js';
import { ratioRow } from './rows.js';
import type { BenchContext, BenchRow, TaskSetup } from './types.js';

/** A fleet at --concurrency 8 may take at most a quarter of the time of its targets one by one. */
export const FLEET_RATIO_LIMIT = 0.25;
export const FLEET_CONCURRENCY = 8;
export const FLEET_PRODUCTS = 50;
const PLATFORM_DELAY_MS = 100;

/**
 * `menusync apply --all --quiet --concurrency N` as the CLI runs it (runFleetCommand: every
 * target's extract, plan, lock, state, import, read-back and reports, then the fleet report), into
 * a fresh state folder, so every target sends a full replace each time.
 */
export const fleetTask: TaskSetup = async ([config, concurrency, stateRoot, stateUrl]) => {
  // A postgres:// URL: a fresh schema of its `?schema=` prefix (the parent drops them).
  const state = stateUrl ? await freshState(stateUrl) : await mkdtemp(path.join(stateRoot!, 'state-'));
  return async () => {
    await runFleetCommand('apply', {
      config: config!,
      all: true,
      concurrency: Number(concurrency),
      state,
      quiet: true,
    });
    if (process.exitCode !== undefined && process.exitCode !== 0)
      throw new Error(`the fleet ended with exit ${process.exitCode}`);
    return `${concurrency} at once: exit 0`;
  };
};

/**
 * Target 5: a fleet of `targets` small targets (FLEET_PRODUCTS products each) against one sandbox
 * with a client per target, at --concurrency 8 against --concurrency 1, in the same run. The
 * sandbox lives in this process, the fleet in a child: on a 2-core machine they share the cores.
 */
export async function runFleetTarget(ctx: BenchContext, targets: number): Promise<BenchRow[]> {
  const sandbox = await startSandbox({ clients: sandboxClients(targets) });
  try {
    const dir = await mkdtemp(path.join(ctx.dir, 'fleet-'));
    const configFile = await writeFleetConfig(dir, targets, sandbox.url, FLEET_PRODUCTS);
    ctx.log(`fleet of ${targets} targets x ${FLEET_PRODUCTS} products`);
    const c = await compare(
      { task: 'fleet', args: [configFile, String(FLEET_CONCURRENCY), dir] },
      { task: 'fleet', args: [configFile, '1', dir] },
      ctx.reps,
      ctx.warmup,
    );
    const what = `apply --all, ${targets} targets x ${FLEET_PRODUCTS} products: --concurrency ${FLEET_CONCURRENCY} vs 1`;
    const rows = [ratioRow(what, targets * FLEET_PRODUCTS, c, FLEET_RATIO_LIMIT)];
    // Diagnostic: a platform that takes PLATFORM_DELAY_MS to import, as a real one over the network
    // does (the sandbox on loopback answers in about a millisecond). Where this row passes and the
    // one above does not, the fleet is bound by this machine's CPU, not by how it runs targets.
    ctx.log(`fleet of ${targets} targets, imports delayed ${PLATFORM_DELAY_MS} ms`);
    sandbox.injectFaults([
      { kind: 'delay', ms: PLATFORM_DELAY_MS, path: '/menu/import', count: Number.MAX_SAFE_INTEGER },
    ]);
    const slow = await compare(
      { task: 'fleet', args: [configFile, String(FLEET_CONCURRENCY), dir] },
      { task: 'fleet', args: [configFile, '1', dir] },
      Math.min(ctx.reps, 3),
      0,
    );
    sandbox.clearFaults();
    rows.push(
      ratioRow(
        `${what}, imports taking ${PLATFORM_DELAY_MS} ms (diagnostic)`,
        targets * FLEET_PRODUCTS,
        slow,
        FLEET_RATIO_LIMIT,
      ),
    );
    return rows;
  } finally {
    await sandbox.close();
  }
}

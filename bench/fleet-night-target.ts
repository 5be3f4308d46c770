import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT } from '../src/package-root.js';
import { sandboxClients, startSandbox } from '../src/sandbox/index.js';
import { FLEET_CONCURRENCY, FLEET_PRODUCTS } from './fleet-target.js';
import { writeFleetConfig } from './generate.js';
import type { Sample } from './measure.js';
import { measureContention } from './cpu-contention.js';
import { nightRows, type NightRun } from './night-rows.js';
import { dropSchemas, PG_BASE, pgQuery, schemaUrl } from './postgres-state-target.js';
import type { BenchContext, BenchRow } from './types.js';
import { runProcess } from './whole-process.js';

const CLI = path.join(PACKAGE_ROOT, 'bin', 'menusync.js');

/** `menusync apply --all --yes --quiet` as cron runs it, whole process; its summary line must say `want`. */
async function applyAll(config: string, state: string, want: RegExp): Promise<Sample> {
  const args = ['apply', '--all', '--yes', '--quiet', '--concurrency', String(FLEET_CONCURRENCY)];
  const sample = await runProcess({
    args: [CLI, ...args, '--config', config, '--state', state],
    checkFrom: 'stderr',
  });
  // A night that did not do what its row says (a failed target, a resend) must not pass for one.
  if (!want.test(sample.check)) throw new Error(`night bench: unexpected summary "${sample.check}"`);
  return sample;
}

/** `menusync fleet status` of the whole fleet, whole process (PostgreSQL state only). */
async function fleetStatus(config: string, state: string): Promise<Sample> {
  const sample = await runProcess({
    args: [CLI, 'fleet', 'status', '--config', config, '--state', state],
    checkFrom: 'stdout',
  });
  return { ...sample, check: sample.check.slice(0, 80) };
}

/**
 * One fleet of `targets` targets x FLEET_PRODUCTS products against a fresh sandbox (one client per
 * target, in this process: on two cores it shares them with the fleet) and a fresh state: the
 * first sync (every target imports), then the unchanged night (nothing to send).
 */
async function night(ctx: BenchContext, targets: number, state: string, pg: boolean): Promise<NightRun> {
  const sandbox = await startSandbox({ clients: sandboxClients(targets) });
  try {
    const dir = await mkdtemp(path.join(ctx.dir, `night-${targets}-`));
    const config = await writeFleetConfig(dir, targets, sandbox.url, FLEET_PRODUCTS);
    const stateSpec = pg ? state : await mkdtemp(path.join(dir, 'state-'));
    ctx.log(`night: ${targets} targets, ${pg ? 'PostgreSQL' : 'local'} state, first sync`);
    const first = await applyAll(config, stateSpec, new RegExp(`${targets} targets, ${targets} applied, 0 `));
    ctx.log(`night: ${targets} targets, ${pg ? 'PostgreSQL' : 'local'} state, unchanged night`);
    const unchanged = await applyAll(config, stateSpec, new RegExp(`0 applied, ${targets} unchanged`));
    const status = pg ? await fleetStatus(config, stateSpec) : undefined;
    return { targets, first, unchanged, ...(status ? { status } : {}) };
  } finally {
    await sandbox.close();
  }
}

/**
 * Issue 32: what a night of `small` and of `large` unchanged targets costs per target, in CPU
 * milliseconds of the whole `apply --all` process, with the state in a folder and in PostgreSQL;
 * how that grows with the fleet; and at `large`, wall time, peak RSS, PostgreSQL against local,
 * and `fleet status`. One run per figure: at 10,000 targets each takes minutes.
 */
export async function runFleetNightTarget(ctx: BenchContext, [small, large]: number[]): Promise<BenchRow[]> {
  const prefix = `menusync_bench_n${randomBytes(3).toString('hex')}`;
  const postgres = await pgQuery('SELECT 1').then(
    () => true,
    () => false,
  );
  if (!postgres) ctx.log('night: PostgreSQL unreachable, its rows skipped');
  try {
    const runs = { local: [] as NightRun[], pg: [] as NightRun[] };
    for (const targets of [small!, large!]) {
      runs.local.push(await night(ctx, targets, '', false));
      if (postgres) runs.pg.push(await night(ctx, targets, schemaUrl(PG_BASE, `${prefix}_${targets}`), true));
    }
    // The machine's contention factor, right after the nights (each kept both cores busy).
    const contention = await measureContention(ctx, 2);
    return nightRows(runs.local, postgres ? runs.pg : null, contention);
  } finally {
    if (postgres) await dropSchemas(prefix).catch(() => undefined);
  }
}

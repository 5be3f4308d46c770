import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../src/package-root.js';
import { sandboxClient, sandboxClients, startSandbox, type SandboxHandle } from '../src/sandbox/index.js';
import { measureContention, type Contention } from './cpu-contention.js';
import { FLEET_PRODUCTS } from './fleet-target.js';
import { writeFleetConfig } from './generate.js';
import { round } from './measure.js';
import { dropSchemas, PG_BASE, pgQuery, schemaUrl } from './postgres-state-target.js';
import type { BenchContext, BenchRow } from './types.js';
import { runProcess } from './whole-process.js';

/** Issue 32: two worker processes drain the queue in at most this share of one's time. */
export const DRAIN_RATIO_LIMIT = 0.55;
/**
 * CPU per job with two workers over with one, over the machine's contention factor
 * (cpu-contention.ts): the work per job must not grow with workers.
 */
export const DRAIN_CPU_LIMIT = 1.1;
const CONCURRENCY_EACH = 4;

const CLI = path.join(PACKAGE_ROOT, 'bin', 'menusync.js');
const PRELOAD = fileURLToPath(new URL('./process-usage.js', import.meta.url));

interface Worker {
  child: ChildProcess;
  /** Resolves with the process's CPU ms once it exited (process-usage.ts, on fd 3). */
  cpuMs: Promise<number>;
}

/** A `menusync worker` with its CPU time reported at exit; resolved once it takes syncs. */
function startWorker(config: string, state: string, name: string): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const args = ['--import', PRELOAD, CLI, 'worker', '--config', config, '--state', state, '--name', name];
    const child = spawn(process.execPath, [...args, '--concurrency', String(CONCURRENCY_EACH)], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let err = '';
    let usage = '';
    let ready = false;
    const [, , stderr, fd3] = child.stdio as unknown as NodeJS.ReadableStream[];
    fd3!.setEncoding('utf8').on('data', (d: string) => (usage += d));
    const cpuMs = new Promise<number>((done, failed) =>
      child.on('close', () => {
        try {
          done((JSON.parse(usage) as { cpuMs: number }).cpuMs);
        } catch {
          failed(new Error(`worker ${name} reported no usage: ${err}`));
        }
      }),
    );
    cpuMs.catch(() => undefined);
    stderr!.setEncoding('utf8').on('data', (d: string) => {
      if (err.length < 10_000) err += d;
      if (!ready && err.includes('taking syncs')) {
        ready = true;
        resolve({ child, cpuMs });
      }
    });
    child.on('close', (code) => {
      if (!ready) reject(new Error(`worker ${name} ended (exit ${code}): ${err}`));
    });
  });
}

/** One drain's figures, as drain() measured them. */
export interface Drain {
  ms: number;
  /** The workers' CPU from the enqueue to the last job done, all of them together. */
  cpuMs: number;
  imports: number;
}

/**
 * The drain rows: wall time, and CPU per job with two workers over with one. CPU time grows by the
 * machine's contention factor whenever both cores are busy (two workers keep them busy, one leaves
 * one partly idle), whatever our code does, so the CPU row judges the raw ratio over that factor:
 * what is left is the work per job. `cpuRatio` stays the raw ratio.
 */
export function drainRows(targets: number, one: Drain, two: Drain, contention: Contention): BenchRow[] {
  const perJob = (run: Drain) => round(run.cpuMs / targets, 2);
  const raw = round(two.cpuMs / one.cpuMs, 2);
  const { factor, processes, aloneMs, togetherMs, aloneBusyCores } = contention;
  // Corrected from the figures shown, so the check line's division gives the row's figure.
  const cpu = round(raw / factor, 2);
  const machine = `contention factor ${factor} (${processes} busy processes each took ${togetherMs} ms of CPU for a loop that took ${aloneMs} ms alone, ${aloneBusyCores?.toFixed(1) ?? '?'} cores busy then)`;
  const check = `${targets} jobs, ${one.imports} and ${two.imports} imports; CPU per job ${perJob(one)} and ${perJob(two)} ms (${raw}x); ${machine}`;
  const base = {
    size: targets,
    spread: null,
    bound: 'at-most' as const,
    subjectRssMb: null,
    referenceRssMb: null,
    cpuRatio: raw,
    unit: 'x' as const,
  };
  const wall = round(two.ms / one.ms, 2);
  return [
    {
      ...base,
      target: `sync workers: drain of ${targets} jobs, 2 worker processes vs 1 (concurrency ${CONCURRENCY_EACH} each), wall time`,
      subjectMs: round(two.ms),
      referenceMs: round(one.ms),
      measured: wall,
      limit: DRAIN_RATIO_LIMIT,
      pass: wall <= DRAIN_RATIO_LIMIT,
      check,
    },
    {
      ...base,
      // The factor in the name too: the printed table has no check column.
      target: `sync workers: drain of ${targets} jobs, CPU per job with 2 worker processes over with 1, over the machine's contention factor (${processes} busy processes each take ${factor}x the CPU of one alone)`,
      subjectMs: perJob(two),
      referenceMs: perJob(one),
      measured: cpu,
      limit: DRAIN_CPU_LIMIT,
      pass: cpu <= DRAIN_CPU_LIMIT,
      check: `${check}; ${raw}x over ${factor} = ${cpu}x`,
    },
  ];
}

/** `workers` processes started (untimed), then `fleet enqueue --all` and every job done (timed). */
async function drain(
  ctx: BenchContext,
  config: string,
  sandbox: SandboxHandle,
  targets: number,
  workers: number,
  prefix: string,
): Promise<Drain> {
  const schema = `${prefix}_${workers}w`;
  const state = schemaUrl(PG_BASE, schema);
  const before = importsOf(sandbox, targets);
  const started: Worker[] = [await startWorker(config, state, `${schema}-0`)];
  for (let i = 1; i < workers; i++) started.push(await startWorker(config, state, `${schema}-${i}`));
  ctx.log(`drain: ${targets} jobs, ${workers} worker(s)`);
  try {
    const t0 = performance.now();
    const cpu0 = started.map((worker) => procCpuMs(worker.child.pid!));
    await runProcess({
      args: [CLI, 'fleet', 'enqueue', '--all', '--config', config, '--state', state],
      checkFrom: 'stderr',
    });
    for (;;) {
      const [row] = (
        await pgQuery(`SELECT count(*) FILTER (WHERE state = 'succeeded')::int AS done,
        count(*) FILTER (WHERE state IN ('failed', 'needs-person'))::int AS bad FROM "${schema}".worker_jobs`)
      ).rows as { done: number; bad: number }[];
      if (row!.bad > 0) throw new Error('drain: a job failed');
      if (row!.done >= targets) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ms = performance.now() - t0;
    const cpu = started.map((worker, i) => procCpuMs(worker.child.pid!) - cpu0[i]!);
    for (const worker of started) worker.child.kill('SIGTERM');
    // Each exits cleanly (its usage line written): a worker that cannot stop would show here.
    await Promise.all(started.map((worker) => worker.cpuMs));
    return { ms, cpuMs: cpu.reduce((a, b) => a + b, 0), imports: importsOf(sandbox, targets) - before };
  } finally {
    for (const worker of started) if (worker.child.exitCode === null) worker.child.kill('SIGTERM');
  }
}

/**
 * A process's CPU time so far (user + system), from /proc/PID/stat: the drain's share alone,
 * without the worker's start-up (module loading, pg-boss's checks), which a drain of a few
 * hundred jobs would otherwise count per job. Linux only, as the bench machines.
 */
function procCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after "pid (comm) ".
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** USER_HZ: the unit of /proc's CPU times, 100 on Linux whatever the kernel's own tick. */
const CLOCK_TICKS = 100;

function importsOf(sandbox: SandboxHandle, targets: number): number {
  let total = 0;
  for (let i = 1; i <= targets; i++) total += sandbox.importCount(sandboxClient(i).clientId);
  return total;
}

/**
 * Issue 32: a queue of `targets` first syncs drained by one `menusync worker` and by two (each
 * `--concurrency 4`, a fresh PostgreSQL state each), timed from `fleet enqueue --all` to the last
 * job done. On two cores two workers can at best halve the time; the CPU per job (the workers'
 * CPU during the drain over the jobs), over the contention factor measured after the drains, shows
 * whether the work per job stayed the same. The sandbox must see exactly one import per job:
 * nothing imported twice, nothing lost.
 */
export async function runWorkerDrainTarget(ctx: BenchContext, targets: number): Promise<BenchRow[]> {
  const reachable = await pgQuery('SELECT 1').then(
    () => true,
    () => false,
  );
  if (!reachable) {
    ctx.log('drain: PostgreSQL unreachable, rows skipped');
    return [];
  }
  const prefix = `menusync_bench_d${randomBytes(3).toString('hex')}`;
  const sandbox = await startSandbox({ clients: sandboxClients(targets) });
  try {
    const dir = await mkdtemp(path.join(ctx.dir, 'drain-'));
    const config = await writeFleetConfig(dir, targets, sandbox.url, FLEET_PRODUCTS);
    const one = await drain(ctx, config, sandbox, targets, 1, prefix);
    const two = await drain(ctx, config, sandbox, targets, 2, prefix);
    for (const run of [one, two])
      if (run.imports !== targets) throw new Error(`drain: ${run.imports} imports for ${targets} jobs`);
    // Right after the drains, the machine as they had it: how much more CPU the same work takes
    // with both workers' cores busy than with one.
    const contention = await measureContention(ctx, 2);
    return drainRows(targets, one, two, contention);
  } finally {
    await sandbox.close();
    await dropSchemas(prefix).catch(() => undefined);
  }
}

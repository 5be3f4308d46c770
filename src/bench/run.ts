import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runApplyTarget } from './apply-target.js';
import { runExtractTarget } from './extract-target.js';
import { runPlanTarget } from './plan-target.js';
import { renderTable } from './report.js';
import type { BenchContext, BenchRow } from './types.js';
import { runXlsxTarget } from './xlsx-target.js';

const TARGETS = ['extract', 'xlsx', 'plan', 'apply'] as const;
type TargetName = (typeof TARGETS)[number];

export interface BenchOptions {
  /** Products for the extract and plan targets, smallest first (growth = last / first). */
  sizes: number[];
  xlsxSize: number;
  applySize: number;
  reps: number;
  warmup: number;
  only: TargetName[];
  out?: string;
  keep: boolean;
}

export interface BenchResult {
  formatVersion: 1;
  date: string;
  machine: { node: string; platform: string; cpus: number; cpuModel: string };
  options: Omit<BenchOptions, 'out' | 'keep'>;
  rows: BenchRow[];
  allPass: boolean;
}

const USAGE =
  'usage: npm run bench -- [--sizes 10000,100000] [--xlsx-size 20000] [--apply-size 20000] [--reps 5] [--warmup 1] [--only extract,xlsx,plan,apply] [--out result.json] [--keep]';

function positive(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${text}"`);
  return n;
}

export function parseBenchArgs(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      sizes: { type: 'string', default: '10000,100000' },
      'xlsx-size': { type: 'string', default: '20000' },
      'apply-size': { type: 'string', default: '20000' },
      reps: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '1' },
      only: { type: 'string', default: TARGETS.join(',') },
      out: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  const sizes = values.sizes.split(',').map((s) => positive('sizes', s.trim()));
  const only = values.only.split(',').map((s) => s.trim());
  const unknown = only.filter((t) => !(TARGETS as readonly string[]).includes(t));
  if (unknown.length > 0) throw new Error(`--only: unknown target ${unknown.join(', ')}`);
  return {
    sizes: [...sizes].sort((a, b) => a - b),
    xlsxSize: positive('xlsx-size', values['xlsx-size']),
    applySize: positive('apply-size', values['apply-size']),
    reps: positive('reps', values.reps),
    warmup: values.warmup === '0' ? 0 : positive('warmup', values.warmup),
    only: only as TargetName[],
    ...(values.out !== undefined ? { out: values.out } : {}),
    keep: values.keep,
  };
}

/** Runs the chosen targets on data generated into a temp folder (removed afterwards unless --keep). */
export async function runBench(options: BenchOptions, log: (m: string) => void): Promise<BenchResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'menusync-bench-'));
  const ctx: BenchContext = { dir, reps: options.reps, warmup: options.warmup, log };
  const rows: BenchRow[] = [];
  try {
    const want = (t: TargetName) => options.only.includes(t);
    if (want('extract')) rows.push(...(await runExtractTarget(ctx, options.sizes)));
    if (want('xlsx')) rows.push(...(await runXlsxTarget(ctx, options.xlsxSize)));
    if (want('plan')) rows.push(...(await runPlanTarget(ctx, options.sizes)));
    if (want('apply')) rows.push(...(await runApplyTarget(ctx, options.applySize)));
  } finally {
    if (options.keep) log(`data kept in ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
  const { out: _out, keep: _keep, ...shown } = options;
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

async function main(): Promise<void> {
  let options: BenchOptions;
  try {
    options = parseBenchArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  const result = await runBench(options, (m) => process.stderr.write(`bench: ${m}\n`));
  process.stdout.write(renderTable(result.rows));
  if (options.out) await writeFile(options.out, `${JSON.stringify(result, null, 2)}\n`);
  process.stderr.write(`bench: done in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}

await main();

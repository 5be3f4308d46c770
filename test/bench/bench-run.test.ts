import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/run-cli.js';

// The harness on a tiny size, once: shapes and what each subject produced, never how long it took.
const BENCH = path.join(REPO_ROOT, 'dist-bench/bench/run.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runBench(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', BENCH, ...args], { cwd: REPO_ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Row {
  target: string;
  size: number;
  subjectMs: number | null;
  referenceMs: number | null;
  measured: number;
  unit: string;
  limit: number | null;
  bound: string;
  spread: [number, number] | null;
  pass: boolean;
  check?: string;
}

let dir: string;
let run: Run;
let result: { formatVersion: number; rows: Row[]; allPass: boolean; options: { sizes: number[] } };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'menusync-bench-test-'));
  const out = path.join(dir, 'result.json');
  run = await runBench([
    ...[
      '--sizes',
      '20,40',
      '--xlsx-size',
      '20',
      '--hostile-size',
      '200',
      '--apply-size',
      '20',
      '--fleet-targets',
      '3',
    ],
    ...['--enqueue-targets', '30', '--fleet-cost-targets', '2,4', '--night-targets', '2,4'],
    ...['--console-targets', '30'],
    ...['--status-targets', '5', '--drain-targets', '4'],
    ...['--reps', '1', '--warmup', '0', '--out', out],
  ]);
  if (run.code !== 0) throw new Error(`bench failed (${run.code}): ${run.stderr}`);
  result = JSON.parse(await readFile(out, 'utf8')) as typeof result;
}, 300_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run bench on a tiny size', () => {
  it('prints one Markdown table row per result row, each judged PASS or FAIL or reported', () => {
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^\| Target \| Products \| Subject ms \| Reference ms \| Measured \| Limit \|/);
    expect(lines).toHaveLength(result.rows.length + 2);
    for (const line of lines.slice(2)) expect(line).toMatch(/\| (PASS|\*\*FAIL\*\*|reported) \|$/);
    // Plan's smaller size and its peak RSS, and the console's first page after a start (local and
    // PostgreSQL state), are reported, not judged.
    expect(lines.filter((l) => l.endsWith('| reported |'))).toHaveLength(4);
  });

  it('writes every target to the JSON result with numbers where figures belong', () => {
    expect(result.formatVersion).toBe(1);
    expect(result.options.sizes).toEqual([20, 40]);
    expect(result.rows.map((r) => r.target)).toEqual([
      'extract --out vs csv-parse writing JSON, whole processes',
      'extract --out peak RSS',
      'extract --out: 40/20 time',
      'extract --out of a Windows-1251 export vs the same in UTF-8',
      'extract XLSX vs exceljs read',
      'xlsx reader, hostile row tags: 800 vs 200 ">" in quotes, time',
      'plan (1% changed) vs csv-parse + JSON.parse',
      'plan (1% changed) vs csv-parse + JSON.parse',
      'plan peak RSS',
      'plan: 40/20 time',
      'apply (replace, with read-back) vs plan + raw POST',
      'apply (replace, no read-back) vs plan + raw POST',
      'plan + client import, no state (diagnostic) vs plan + raw POST',
      'apply --all, 3 targets x 50 products: --concurrency 8 vs 1',
      'apply --all, 3 targets x 50 products: --concurrency 8 vs 1, imports taking 100 ms (diagnostic)',
      'apply --all, per target: 4 vs 2 targets x 50 products, local state',
      'apply --all, per target: 4 vs 2 targets x 50 products, PostgreSQL state',
      'refresh (40 categories) vs raw paged GETs',
      'PostgreSQL vs local state: first apply (replace, with read-back)',
      'PostgreSQL vs local state: plan (1% changed)',
      'sync workers: 3 worker processes (concurrency 2 each) vs one apply --all --concurrency 6, whole processes',
      'sync workers: fleet enqueue --all of 30 targets, whole process',
      'night of 2 targets x 50 products, local state: first sync, CPU ms per target',
      'night of 2 targets x 50 products, local state: unchanged, CPU ms per target',
      'night of 4 targets x 50 products, local state: first sync, CPU ms per target',
      'night of 4 targets x 50 products, local state: unchanged, CPU ms per target',
      'night unchanged, local state: CPU per target at 4 over at 2',
      'night of 4 targets unchanged, local state: wall time (120 s per 10,000)',
      'night of 4 targets unchanged, local state: peak RSS',
      'night of 2 targets x 50 products, PostgreSQL state: first sync, CPU ms per target',
      'night of 2 targets x 50 products, PostgreSQL state: unchanged, CPU ms per target',
      'night of 4 targets x 50 products, PostgreSQL state: first sync, CPU ms per target',
      'night of 4 targets x 50 products, PostgreSQL state: unchanged, CPU ms per target',
      'night unchanged, PostgreSQL state: CPU per target at 4 over at 2',
      'night of 4 targets unchanged, PostgreSQL state: wall time (120 s per 10,000)',
      'night of 4 targets unchanged, PostgreSQL state: peak RSS',
      'night of 4 targets unchanged: PostgreSQL vs local state, wall time',
      'fleet status of 4 targets (PostgreSQL), whole process',
      ...['local state', 'PostgreSQL state'].flatMap((state) => [
        `console fleet, ${state}: first page after start (reads the whole fleet)`,
        `console fleet, ${state}: first page`,
        `console fleet, ${state}: filtered page (outcome blocked, one tag, drifted)`,
        `console fleet, ${state}: deep page (1 of 1)`,
        `console fleet, ${state}: first page, index stale (rebuilt meanwhile)`,
      ]),
      'fleet status of 5 targets, local state: every last run read through the store vs read bare',
      'fleet status of 5 targets, PostgreSQL state: every last run read through the store vs read bare',
      'fleet status of 5 targets (PostgreSQL), whole process (s)',
      'PostgreSQL round trips per target, unchanged night (50 products)',
      'PostgreSQL round trips per target, first sync (50 products)',
      'sync workers: drain of 4 jobs, 2 worker processes vs 1 (concurrency 4 each), wall time',
      expect.stringMatching(
        /^sync workers: drain of 4 jobs, CPU per job with 2 worker processes over with 1, over the machine's contention factor \(2 busy processes each take \d+(\.\d+)?x the CPU of one alone\)$/,
      ),
    ]);
    for (const row of result.rows) {
      expect(row.measured).toBeGreaterThan(0);
      const limit = row.limit;
      if (limit === null) expect(row.pass).toBe(true);
      else expect(row.pass).toBe(row.bound === 'below' ? row.measured < limit : row.measured <= limit);
    }
    expect(result.allPass).toBe(result.rows.every((r) => r.pass));
  });

  it('extracts the Shopify export (two sizes on every second product) and the XLSX items', () => {
    const extract = result.rows.filter((r) => r.target.startsWith('extract') && r.check !== undefined);
    expect(extract.map((r) => r.check)).toEqual([
      // The whole `menusync extract --out` process: its summary line (60 rows for 40 products).
      expect.stringMatching(
        /^60 rows -> .*, 40 products, 20 options, 40 option values; .* 0 errors(; encoding .*)?$/,
      ),
      // The Windows-1251 export of the encoding row, detected on evidence as it streams.
      expect.stringMatching(/^40 rows -> .*, 40 products, .* 0 errors; encoding windows-1251 \(/),
      '20 products, 200 values, 0 errors',
    ]);
  });

  it('times the extract target as whole processes, with the spread of its run pairs', () => {
    const whole = result.rows.find(
      (r) => r.target === 'extract --out vs csv-parse writing JSON, whole processes',
    );
    // Issue 21's targets: 1.2x, peak RSS at most 256 MB, 10x the rows within 10.5x the time.
    expect(whole).toMatchObject({ size: 40, unit: 'x', limit: 1.2, bound: 'at-most' });
    expect(result.rows.find((r) => r.target === 'extract --out peak RSS')).toMatchObject({ limit: 256 });
    expect(result.rows.find((r) => r.target === 'plan: 40/20 time')).toMatchObject({ limit: 2.1 });
    // Plan's ratio is judged at the largest size only; its peak RSS is reported.
    const planRatios = result.rows.filter((r) => r.target.startsWith('plan (1% changed)'));
    expect(planRatios.map((r) => [r.size, r.limit])).toEqual([
      [20, null],
      [40, 2],
    ]);
    expect(result.rows.find((r) => r.target === 'plan peak RSS')).toMatchObject({ limit: null });
    const [low, high] = whole?.spread ?? [Number.NaN, Number.NaN];
    expect(low).toBeLessThanOrEqual(high);
  });

  it('plans against the generated snapshot and applies to the sandbox with a verified read-back', () => {
    const plans = result.rows.filter((r) => r.target.startsWith('plan (') && r.check !== undefined);
    // One product in a hundred changed, counting from the first: one of 20, one of 40.
    expect(plans.map((r) => r.check)).toEqual([
      expect.stringMatching(/^(merge|replace): 1 products updated, 19 kept$/),
      expect.stringMatching(/^(merge|replace): 1 products updated, 39 kept$/),
    ]);
    const applies = result.rows.filter((r) => r.target.endsWith('plan + raw POST'));
    expect(applies.map((r) => r.check)).toEqual([
      'replace, applied true, verified',
      'replace, applied true, not verified',
      'replace, 1 attempt(s)',
    ]);
  });

  it('reads the live menu of the largest size, every page, as the raw GETs do', () => {
    const refresh = result.rows.find((r) => r.target.startsWith('refresh'));
    expect(refresh).toMatchObject({ size: 40, unit: 'x', limit: 1.3, check: '40 categories, 40 products' });
  });

  it('runs the same first apply and plan with PostgreSQL and local state', () => {
    const rows = result.rows.filter((r) => r.target.startsWith('PostgreSQL vs local state'));
    expect(rows.map((r) => [r.size, r.limit, r.check])).toEqual([
      [20, 1.3, 'replace, applied true, verified'],
      [40, 1.2, expect.stringMatching(/^(merge|replace): 1 products updated, 39 kept$/)],
    ]);
  });
});

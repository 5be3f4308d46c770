import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { PACKAGE_ROOT } from '../src/package-root.js';
import { renderTable } from './report.js';
import type { BenchResult } from './run-bench.js';

/** `npm run bench -- --write-docs` rewrites this page: the method below, then this run's table. */
export const DOCS_PAGE = path.join(PACKAGE_ROOT, 'docs', 'benchmarks.md');

const METHOD = `# Benchmarks

This page is written by \`npm run bench -- --write-docs\`: the method, then the table of the one run
that wrote it. Performance is never checked by timed tests (these machines are noisy): every figure
is a ratio against a reference measured in the same run. \`npm run bench\` alone prints the table;
\`--out result.json\` also writes the figures as JSON.

\`\`\`sh
npm run bench -- --write-docs                         # every target, as specified; rewrites this page
npm run bench -- --only extract,plan --reps 9         # the speed targets of the core only
npm run bench -- --sizes 200,1000 --xlsx-size 200 --apply-size 100 --reps 1 --warmup 0   # a quick look
\`\`\`

Options: \`--sizes\` (products for extract and plan, smallest first; growth = largest / smallest;
default 10000,100000), \`--xlsx-size\` (20000), \`--hostile-size\` (50000), \`--apply-size\` (5000), \`--reps\` (5), \`--warmup\` (1),
\`--fleet-targets\` (200), \`--fleet-cost-targets\` (1000,10000), \`--enqueue-targets\` (10000), \`--status-targets\` (10000), \`--drain-targets\` (200), \`--console-targets\` (10000), \`--only extract,encoding,xlsx,plan,apply,fleet,fleet-cost,refresh,postgres,workers,night,console,status,round-trips,drain\`, \`--out\`,
\`--keep\`, \`--write-docs\`. The \`postgres\` and \`workers\` rows use \`MENUSYNC_TEST_PG\` (default
\`postgres://postgres@127.0.0.1:5432/test\`), a fresh schema per run, and say "skipped" when no server
answers.

## Method

- **Ratios against a reference in the same run.** Each ratio is the median of \`--reps\` runs of the
  subject over the median of \`--reps\` runs of its reference, after \`--warmup\` discarded pairs.
  Subject and reference run in pairs, alternating which goes first, so a change in machine load hits
  both. The verdict is on the wall-time ratio as shown (two decimals).
- **Pair ratios (min–max)**: the lowest and highest ratio of a single pair, the noise around the
  median. A verdict whose limit lies inside that range is not settled by the run.
- **CPU ratio**: the same ratio of CPU-time medians (user + system); steadier than wall time on a
  loaded machine, but parallel GC threads count in it.
- **Peak RSS**: the highest maxRSS over the subject's runs (after the slash, the reference's).
- **Growth rows** (\`100000/10000 time\`): the subject's median at the largest size over its median at
  the smallest; 10.5x allowed for 10x the rows, scaled to the sizes.
- **Whole processes** for extract: \`node bin/menusync.js extract --mapping <m> --input <csv> --out
  <file>\` against \`node dist-bench/bench/raw-csv-parse.js <csv> <out>\`, timed from spawn to exit;
  CPU and peak RSS come from a module preloaded with \`node --import\` (bench/process-usage.ts).
  **A timed task in a child** for the others: one child per run imports its modules, does its untimed
  setup, runs \`gc()\`, then times only the task.

## The data

\`bench/shopify-export.ts\` writes a Shopify products export (legacy header layout) read with the
**shipped \`shopify-products\` mapping**: every second product has two sizes (Small, Large), so 100,000
products are 150,000 rows; a description, a category path and an image on each product. Plan's
export changes the name and price of every 100th product (1%). The XLSX, apply, fleet, refresh and
PostgreSQL targets use \`bench/generate.ts\`'s Loyverse items export with two modifier sets of five
values (the shipped \`loyverse-items\` mapping with the sets declared).

## The targets

| #   | Subject | Reference | Limit |
| --- | --- | --- | --- |
| 1   | the whole \`menusync extract --out\` process on the Shopify export | the whole process of a plain script streaming the same file through csv-parse with \`columns: true\` and writing every record as JSON to a file (\`raw-csv-parse.ts\`) | 1.2x at 100k; peak RSS ≤ 256 MB; 100k/10k time ≤ 10.5x |
| 2   | \`extractMenu\` on the .xlsx, in a child | exceljs \`WorkbookReader\` over every row | 1.3x |
| 2b  | the xlsx reader over a hostile workbook: 10 rows whose \`<row>\` tag holds 4 × \`--hostile-size\` \`>\` inside a quoted value (bench/xlsx-hostile.ts) | the same with \`--hostile-size\` \`>\` | 5x (4x the input; quadratic would be 16x) |
| 3   | what \`menusync plan\` does: \`extractMenu\` on the 1%-changed export, then \`planOffline\` (\`readSnapshot\` + \`plan\`) against the snapshot of the unchanged one | csv-parse over the same CSV + \`JSON.parse\` of the snapshot file | 2.0x at 100k; 100k/10k time ≤ 10.5x; peak RSS reported |
| 4   | \`applyRun\` of the menu into a fresh state folder (a first apply), against a sandbox in the parent | \`plan(desired, null)\` + one raw \`fetch\` POST of the payload to the same sandbox | 1.15x |
| 5   | \`menusync apply --all --concurrency 8\` of \`--fleet-targets\` targets of 50 products | the same fleet at \`--concurrency 1\` | 0.25x |
| 5b  | \`menusync apply --all --concurrency 8\` of the larger \`--fleet-cost-targets\` fleet, per target, with local and PostgreSQL state | the smaller fleet, per target | 1.1x |
| 6   | \`readLiveMenu\` of a 500-category menu through the platform client | the same paged \`fetch\` GETs + \`JSON.parse\` | 1.3x |
| 7   | target 4's apply and target 3's plan with \`--state postgres://…\` | the same with a temp state folder | 1.3x (apply), 1.2x (plan) |
| 8   | sync workers and \`fleet enqueue\` (bench/workers-target.ts) | one \`apply --all\` of the same targets | as the rows say |
| 9   | the whole \`menusync extract --out\` process on a Windows-1251 export of the largest size (detection and decoding) | the same process on the same menu in UTF-8 | 1.1x |
| 10  | a night of \`--night-targets\` 50-product targets, \`apply --all --concurrency 8\` whole process: first sync, then unchanged, local and PostgreSQL state (bench/fleet-night-target.ts) | none: CPU ms per target, the larger fleet over the smaller, PostgreSQL over local | issue 32: ≤ 15 ms first sync, ≤ 10 ms unchanged, 1.1x, 1.2x |
| 11  | \`fleet status\` of \`--status-targets\` targets made through the store API: the store's read of every last run (local, PostgreSQL), and the whole process (bench/fleet-status-target.ts) | the same files read with readFileSync, the same rows with one bare query | 3x; < 2 s whole process |
| 12  | statements a target's run sends to PostgreSQL state, first sync and unchanged (bench/pg-round-trips.ts) | none: counted per target | 12 and 7 |
| 13  | \`--drain-targets\` queued first syncs drained by two \`menusync worker\` processes (bench/worker-drain.ts) | one worker process | 0.55x wall; CPU per job 1.1x over the machine's contention factor (bench/cpu-contention.ts: the CPU of a loop in 2 processes at once over alone, measured after the drains); one import per job |

Targets 1 and 3 are the core's speed targets, set for the 100k export: their ratios are judged at
the largest size only, and smaller sizes are reported (at 10k, start-up and the mapping's load are
most of both). A row marked "reported" has no limit. Plan's peak RSS is reported: its reference
alone, \`JSON.parse\` of the 135 MB snapshot, takes about 250 MB.
`;

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: PACKAGE_ROOT,
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
}

/** The page: the method, then this run, its conditions, and its table. */
export function renderDocsPage(result: BenchResult, load: { start: number[]; end: number[] }): string {
  const avg = (l: number[]) => l.map((n) => n.toFixed(1)).join(', ');
  const { machine, options } = result;
  const command = `npm run bench -- --write-docs --only ${options.only.join(',')} --sizes ${options.sizes.join(',')} --reps ${options.reps} --warmup ${options.warmup}`;
  return `${METHOD}
## The run

- Command: \`${command}\`
- When: ${result.date.slice(0, 16).replace('T', ' ')} UTC, at commit ${commit()}
- Machine: ${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}, ${machine.platform}
- Load average (1, 5, 15 min): at the start ${avg(load.start)}; at the end ${avg(load.end)}

On a busy machine the absolute times are several times a quiet machine's; the pair ratios show how
far single runs strayed.

${renderTable(result.rows)}`;
}

export async function writeDocsPage(
  result: BenchResult,
  load: { start: number[]; end: number[] },
): Promise<string> {
  // Formatted as the repository's check wants it (npm run format:check covers docs/).
  const options = (await resolveConfig(DOCS_PAGE)) ?? {};
  await writeFile(DOCS_PAGE, await format(renderDocsPage(result, load), { ...options, filepath: DOCS_PAGE }));
  return DOCS_PAGE;
}

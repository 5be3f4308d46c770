import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse';
import { extractMenu } from '../src/mapping/extract-menu.js';
import { PACKAGE_ROOT } from '../src/package-root.js';
import { compareRuns, type Comparison } from './measure.js';
import { growthRow, ratioRow, rssRow } from './rows.js';
import type { BenchContext, BenchRow, TaskSetup } from './types.js';
import { SHOPIFY_MAPPING, writeShopifyCsv } from './shopify-export.js';
import { runProcess } from './whole-process.js';

/** Issue 21, §6: `menusync extract --out` within 1.2x of csv-parse writing every record as JSON. */
export const EXTRACT_RATIO_LIMIT = 1.2;

const CLI = path.join(PACKAGE_ROOT, 'bin', 'menusync.js');
const RAW_CSV_PARSE = fileURLToPath(new URL('./raw-csv-parse.js', import.meta.url));

/** The real pipeline entry in a bench child: read + map + validate (the XLSX target's subject). */
export const extractTask: TaskSetup = async ([mapping, input]) => {
  return async () => {
    const result = await extractMenu({ mapping: mapping!, inputs: [input!] });
    const s = result.stats;
    return `${s.products} products, ${s.option_values} values, ${s.errors} errors`;
  };
};

export async function countCsvRecords(file: string): Promise<number> {
  let records = 0;
  for await (const _record of createReadStream(file).pipe(parse())) records += 1;
  return records;
}

/**
 * Target 1, as a user meets it: the whole `menusync extract --out` process (start-up, mapping,
 * read, map, validate, the menu JSON written) of a Shopify products export (shopify-export.ts)
 * against the whole process of csv-parse streaming the same file with `columns: true` and writing
 * every record as JSON (raw-csv-parse.ts), per size; judged at the largest size, with its peak RSS
 * and the growth from the smallest.
 */
export async function runExtractTarget(ctx: BenchContext, sizes: number[]): Promise<BenchRow[]> {
  const out = path.join(ctx.dir, 'menu.json');
  const records = path.join(ctx.dir, 'records.json');
  const runs: Comparison[] = [];
  for (const size of sizes) {
    const csv = path.join(ctx.dir, `shopify-${size}.csv`);
    await writeShopifyCsv(csv, { products: size });
    ctx.log(`extract csv ${size} (whole processes)`);
    const extract = ['extract', '--mapping', SHOPIFY_MAPPING, '--input', csv, '--out', out];
    runs.push(
      await compareRuns(
        () => runProcess({ args: [CLI, ...extract], checkFrom: 'stderr' }),
        () => runProcess({ args: [RAW_CSV_PARSE, csv, records], checkFrom: 'stdout' }),
        ctx.reps,
        ctx.warmup,
      ),
    );
  }
  const largest = sizes.length - 1;
  const rows = [
    ratioRow(
      'extract --out vs csv-parse writing JSON, whole processes',
      sizes[largest]!,
      runs[largest]!,
      EXTRACT_RATIO_LIMIT,
    ),
    rssRow('extract --out peak RSS', sizes[largest]!, runs[largest]!, 'at-most'),
  ];
  if (sizes.length >= 2) {
    rows.push(growthRow('extract --out', runs[0]!, runs[largest]!, [sizes[0]!, sizes[largest]!]));
  }
  return rows;
}

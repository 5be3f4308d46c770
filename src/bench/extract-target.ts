import { createReadStream } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse';
import { extractMenu } from '../mapping/extract-menu.js';
import { writeBenchCsv, writeBenchMapping } from './generate.js';
import { compare, type Comparison } from './measure.js';
import { growthRow, ratioRow, rssRow } from './rows.js';
import type { BenchContext, BenchRow, TaskSetup } from './types.js';

export const EXTRACT_RATIO_LIMIT = 1.5;

/** The real pipeline entry: read + map + validate, as `menusync extract` runs it. */
export const extractTask: TaskSetup = async ([mapping, input]) => {
  // The xlsx extractor imports exceljs lazily (~230 ms of module loading); the reference has it
  // loaded before its clock starts, so load it here too: both then time reading, not start-up.
  if (input!.toLowerCase().endsWith('.xlsx')) await import('exceljs');
  return async () => {
    const result = await extractMenu({ mapping: mapping!, inputs: [input!] });
    const s = result.stats;
    return `${s.products} products, ${s.option_values} values, ${s.errors} errors`;
  };
};

/** The floor: csv-parse streaming the same file, records counted and dropped. */
export const csvParseTask: TaskSetup = async ([input]) => {
  return async () => `${await countCsvRecords(input!)} records`;
};

export async function countCsvRecords(file: string): Promise<number> {
  let records = 0;
  for await (const _record of createReadStream(file).pipe(parse())) records += 1;
  return records;
}

/** Target 1: extract of a generated CSV vs raw csv-parse, per size; RSS and growth on the largest. */
export async function runExtractTarget(ctx: BenchContext, sizes: number[]): Promise<BenchRow[]> {
  const mapping = await writeBenchMapping(ctx.dir, 'csv');
  const rows: BenchRow[] = [];
  const runs: Comparison[] = [];
  for (const size of sizes) {
    const csv = path.join(ctx.dir, `items-${size}.csv`);
    await writeBenchCsv(csv, { products: size });
    ctx.log(`extract csv ${size}`);
    const c = await compare(
      { task: 'extract', args: [mapping, csv] },
      { task: 'csv-parse', args: [csv] },
      ctx.reps,
      ctx.warmup,
    );
    runs.push(c);
    rows.push(ratioRow('extract CSV vs csv-parse', size, c, EXTRACT_RATIO_LIMIT));
  }
  const largest = sizes.length - 1;
  rows.push(rssRow('extract CSV peak RSS', sizes[largest]!, runs[largest]!, 'below'));
  if (sizes.length >= 2) {
    rows.push(growthRow('extract CSV', runs[0]!, runs[largest]!, [sizes[0]!, sizes[largest]!]));
  }
  return rows;
}

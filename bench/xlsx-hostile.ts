import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openSource } from '../src/extract/registry.js';
// The tests' workbook builder writes each part's XML as given: a real writer (exceljs) would
// never put a `>` in a row tag, which is the point here.
import { buildWorkbook, cell, row } from '../test/helpers/xlsx-workbook.js';
import { compare } from './measure.js';
import { ratioRow } from './rows.js';
import type { BenchContext, BenchRow, TaskSetup } from './types.js';

/** Issue 29 §6: 4x the input within 5x the time (a quadratic tokenizer takes 16x). */
export const HOSTILE_GROWTH_LIMIT = 5;
/** Rows of the hostile sheet, each with its own hostile tag: enough work to time. */
const HOSTILE_ROWS = 10;

/**
 * A workbook of product rows whose every `<row>` tag holds `count` `>` inside a quoted attribute
 * value, where a `>` does not end the tag: the issue's file (one such tag of 160,000) took 60 s
 * when each `>` made the tokenizer rescan the tag from its start.
 */
export async function writeHostileXlsx(file: string, count: number): Promise<void> {
  const products = Array.from({ length: HOSTILE_ROWS }, (_, i) => {
    const n = i + 2;
    return `<row r="${n}" x="${'>'.repeat(count)}">${cell.inline(`A${n}`, `Item ${i}`)}${cell.number(`B${n}`, 3.5)}</row>`;
  });
  const rows = [row(1, cell.inline('A1', 'Name'), cell.inline('B1', 'Price')), ...products].join('');
  await writeFile(file, buildWorkbook({ sheets: [{ name: 'Items', rows }] }));
}

/** Every record of the workbook's first sheet through the xlsx reader, as extract reads it. */
export const xlsxReadTask: TaskSetup = async ([input]) => {
  return async () => {
    const source = await openSource(input!, { headerRow: 1 });
    if (source.kind !== 'table') throw new Error(`${input} is not read as a table`);
    let records = 0;
    for await (const batch of source.batches) records += batch.length;
    return `${records} records`;
  };
};

/** The xlsx reader on the hostile workbook with 4x the `>` in each tag vs with 1x. */
export async function runHostileXlsxRow(ctx: BenchContext, count: number): Promise<BenchRow> {
  const small = path.join(ctx.dir, `hostile-${count}.xlsx`);
  const large = path.join(ctx.dir, `hostile-${count * 4}.xlsx`);
  await writeHostileXlsx(small, count);
  await writeHostileXlsx(large, count * 4);
  ctx.log(`read hostile xlsx ${count} and ${count * 4}`);
  const c = await compare(
    { task: 'xlsx-read', args: [large] },
    { task: 'xlsx-read', args: [small] },
    ctx.reps,
    ctx.warmup,
  );
  return ratioRow(
    `xlsx reader, hostile row tags: ${count * 4} vs ${count} ">" in quotes, time`,
    count * 4,
    c,
    HOSTILE_GROWTH_LIMIT,
  );
}

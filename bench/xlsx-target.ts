import path from 'node:path';
import ExcelJS from 'exceljs';
import { writeBenchMapping, writeBenchXlsx } from './generate.js';
import { compare } from './measure.js';
import { ratioRow } from './rows.js';
import type { BenchContext, BenchRow, TaskSetup } from './types.js';

export const XLSX_RATIO_LIMIT = 1.3;

/** The floor: exceljs' streaming reader over every row of every sheet, with the extractor's options. */
export const exceljsReadTask: TaskSetup = async ([input]) => {
  return async () => `${await countXlsxRows(input!)} rows`;
};

export async function countXlsxRows(file: string): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      // Touch the values so the reference materializes cells as the extractor must.
      if ((row as ExcelJS.Row).values !== undefined) rows += 1;
    }
  }
  return rows;
}

/** Target 2: extract of a generated .xlsx vs a raw exceljs streaming read of the same workbook. */
export async function runXlsxTarget(ctx: BenchContext, size: number): Promise<BenchRow[]> {
  const mapping = await writeBenchMapping(ctx.dir, 'xlsx');
  const xlsx = path.join(ctx.dir, `items-${size}.xlsx`);
  await writeBenchXlsx(xlsx, { products: size });
  ctx.log(`extract xlsx ${size}`);
  const c = await compare(
    { task: 'extract', args: [mapping, xlsx] },
    { task: 'exceljs-read', args: [xlsx] },
    ctx.reps,
    ctx.warmup,
  );
  return [ratioRow('extract XLSX vs exceljs read', size, c, XLSX_RATIO_LIMIT)];
}

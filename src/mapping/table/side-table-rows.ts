import type { CellValue, TableSource } from '../../extract/types.js';
import type { Scalar } from '../types.js';
import type { CompileContext } from './compile-context.js';
import { ShortRecords } from './short-records.js';

/** A compiled value read outside an item row: no row context (no @product, no @key). */
export const NO_CONTEXT = Object.freeze({});

/** A cell as text, trimmed; none when it is empty. */
export const cellText = (v: Scalar): string | undefined =>
  v === null || String(v).trim() === '' ? undefined : String(v).trim();

/**
 * Visits every row of a side table (option sets, set rows, link tables) read whole before the
 * items stream, with the cursor on it for the row's issues. Trailing all-empty rows (spreadsheets
 * write them) are blank lines, not rows; a cut last line is reported (ShortRecords), never read, as
 * for the item rows. Returns how many rows the table had.
 */
export async function forEachSideRow(
  source: TableSource,
  ctx: CompileContext,
  visit: (cells: CellValue[], row: number) => void,
): Promise<number> {
  const short = new ShortRecords(source, ctx);
  let rows = 0;
  for await (const batch of source.batches) {
    for (const record of batch) {
      rows++;
      const cells = record.cells;
      if (cells.every((c) => c === null || String(c).trim() === '')) continue;
      if (short.isCut(record)) continue;
      ctx.cursor.row = record.row;
      visit(cells, record.row);
    }
  }
  short.finish();
  return rows;
}

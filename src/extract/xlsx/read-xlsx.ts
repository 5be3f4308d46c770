import { InvalidInputError } from '../../errors.js';
import type { DataIssue } from '../../model/data-issue.js';
import { assertReadableFile } from '../file-access.js';
import { locateHeader } from '../locate-header.js';
import type { CellValue, ReadOptions, TableRecord, TableSource } from '../types.js';
import { toCellValue } from './cell-value.js';
import { mergeFiller } from './fill-merges.js';
import { readMergedRanges } from './merged-ranges.js';
import {
  openWorkbook,
  workbookError,
  type OpenWorkbook,
  type SheetReader,
  type SheetRow,
} from './workbook-reader.js';

/** Cells in column order; a gap in a sparse row stays a null so later cells keep their column. */
export function rowCells(row: SheetRow): CellValue[] {
  const cells: CellValue[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    while (cells.length < column - 1) cells.push(null);
    cells[column - 1] = toCellValue(cell.value);
  });
  return cells;
}

function matches(wanted: string | number, name: string, position: number): boolean {
  return typeof wanted === 'number'
    ? wanted === position
    : wanted.trim().toLowerCase() === name.trim().toLowerCase();
}

async function findSheet(book: OpenWorkbook, file: string, wanted: string | number): Promise<SheetReader> {
  const seen: string[] = [];
  for (let next = await book.sheets.next(); !next.done; next = await book.sheets.next()) {
    const sheet = next.value;
    seen.push(sheet.name);
    const position = (book.sheetNames()?.indexOf(sheet.name) ?? -1) + 1 || seen.length;
    if (matches(wanted, sheet.name, position)) return sheet;
  }
  const names = book.sheetNames() ?? seen;
  throw new InvalidInputError(
    `${file} has no sheet ${typeof wanted === 'number' ? `number ${wanted}` : `"${wanted}"`}; its sheets are: ${names.map((name) => `"${name}"`).join(', ')}`,
  );
}

/** exceljs's reader hands rows over one at a time, so each batch is one record. */
async function* sheetRecords(
  sheet: SheetReader,
  book: OpenWorkbook,
  fillMerges: (row: number, cells: CellValue[]) => void,
): AsyncGenerator<TableRecord[]> {
  try {
    for await (const row of sheet) {
      const cells = rowCells(row);
      fillMerges(row.number, cells);
      // exceljs emits rows that only carry formatting; they are not records.
      if (cells.some((cell) => cell !== null && cell !== '')) yield [{ row: row.number, cells }];
    }
  } finally {
    book.close();
  }
}

/**
 * One sheet of an .xlsx workbook as a streaming TableSource (options.sheet: name or 1-based
 * position; default the first). Each sheet is its own source: open the file again for another.
 *
 * Merged cells: every cell of a merged range reads as the range's top-left value. exceljs's
 * streaming reader drops `<mergeCell>`, so merged-ranges.ts reads them from the zip first. A row
 * that holds nothing but merged-over cells is not in the sheet XML at all and stays absent.
 */
export async function readXlsx(file: string, options: ReadOptions): Promise<TableSource> {
  await assertReadableFile(file);
  const book = await openWorkbook(file);
  let sheet: SheetReader;
  try {
    sheet = await findSheet(book, file, options.sheet ?? 1);
  } catch (error) {
    book.close();
    throw workbookError(file, error);
  }
  // Best effort: a workbook the zip reader cannot follow still reads, just without merges.
  const merges = await readMergedRanges(file, sheet.name).catch(() => []);
  const issues: DataIssue[] = [];
  const located = await locateHeader(
    sheetRecords(sheet, book, mergeFiller(merges)),
    options,
    { file, sheet: sheet.name },
    issues,
    (error) => workbookError(file, error),
  );
  return { kind: 'table', file, sheet: sheet.name, issues, ...located };
}

/** Sheet names in workbook order (for `menusync init` and for choosing options.sheet). */
export async function listSheets(file: string): Promise<string[]> {
  await assertReadableFile(file);
  const book = await openWorkbook(file);
  const seen: string[] = [];
  try {
    for (let next = await book.sheets.next(); !next.done; next = await book.sheets.next()) {
      const known = book.sheetNames();
      if (known) return known;
      seen.push(next.value.name);
    }
    return book.sheetNames() ?? seen;
  } catch (error) {
    throw workbookError(file, error);
  } finally {
    book.close();
  }
}

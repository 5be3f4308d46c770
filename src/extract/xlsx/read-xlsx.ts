import { InvalidInputError } from '../../errors.js';
import type { DataIssue } from '../../model/data-issue.js';
import { assertReadableFile } from '../file-access.js';
import { count, inputLimits, InputLimitError, type InputLimits } from '../input-limits.js';
import { locateHeader } from '../locate-header.js';
import type { CellValue, ReadOptions, TableRecord, TableSource } from '../types.js';
import { toCellValue } from './cell-value.js';
import { mergeFiller } from './fill-merges.js';
import { checkWorkbookParts } from './workbook-limits.js';
import { readMergedRanges, readSheetMerges, type MergedRange } from './merged-ranges.js';
import {
  discardSheet,
  openWorkbook,
  preloadExceljs,
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
    discardSheet(sheet);
  }
  const names = book.sheetNames() ?? seen;
  throw new InvalidInputError(
    `${file} has no sheet ${typeof wanted === 'number' ? `number ${wanted}` : `"${wanted}"`}; its sheets are: ${names.map((name) => `"${name}"`).join(', ')}`,
  );
}

/** A cell longer than the limit: found after exceljs parsed it, so the row is at most 16,384 of them. */
function assertCellSizes(cells: readonly CellValue[], row: number, file: string, limits: InputLimits): void {
  for (let column = 0; column < cells.length; column++) {
    const cell = cells[column];
    if (typeof cell === 'string' && cell.length > limits.maxCellChars) {
      throw new InputLimitError(
        file,
        'maxCellChars',
        `row ${row}, column ${column + 1}: ${count(cell.length)} characters in the cell, more than ${count(limits.maxCellChars)}`,
      );
    }
  }
}

/** One row as a record, or undefined for a row that only carries formatting (exceljs emits those). */
function toRecord(
  row: SheetRow,
  fillMerges: (row: number, cells: CellValue[]) => void,
  check: (cells: readonly CellValue[], row: number) => void,
): TableRecord | undefined {
  const cells = rowCells(row);
  check(cells, row.number);
  fillMerges(row.number, cells);
  return cells.some((cell) => cell !== null && cell !== '') ? { row: row.number, cells } : undefined;
}

/**
 * The sheet's records, a batch per chunk of XML exceljs parsed: its `parse()` yields each chunk's
 * events as an array, which its own row iterator unpacks into a promise per row. Falls back to
 * that iterator (batches of one) if `parse` is not there.
 */
async function* sheetBatches(
  sheet: SheetReader,
  book: OpenWorkbook,
  merges: Promise<readonly MergedRange[]>,
  check: (cells: readonly CellValue[], row: number) => void,
): AsyncGenerator<TableRecord[]> {
  try {
    // Awaited before exceljs parses a row: the same pass checks the sheet's size and cells.
    const fillMerges = mergeFiller(await merges);
    if (!sheet.parse) {
      for await (const row of sheet) {
        const record = toRecord(row, fillMerges, check);
        if (record) yield [record];
      }
      return;
    }
    for await (const events of sheet.parse()) {
      const batch: TableRecord[] = [];
      for (const event of events) {
        if (event.eventType !== 'row') continue;
        const record = toRecord(event.value as SheetRow, fillMerges, check);
        if (record) batch.push(record);
      }
      if (batch.length > 0) yield batch;
    }
  } finally {
    book.close();
  }
}

/** The merged ranges of the sheet exceljs found, from the read started early if it chose the same one. */
async function sheetMerges(
  file: string,
  early: Promise<Awaited<ReturnType<typeof readSheetMerges>>>,
  sheetName: string,
  limits: InputLimits,
): Promise<readonly MergedRange[]> {
  // Best effort: a workbook the zip reader cannot follow still reads, just without merges; but a
  // limit it found stops the read.
  const found = await early.catch(keepLimitErrors);
  if (found?.sheetName === sheetName) return found.ranges;
  return readMergedRanges(file, sheetName, limits).catch((error: unknown) => {
    keepLimitErrors(error);
    return [];
  });
}

function keepLimitErrors(error: unknown): undefined {
  if (error instanceof InvalidInputError) throw error;
  return undefined;
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
  const limits = inputLimits(options.limits);
  const size = await assertReadableFile(file, limits.maxInputBytes);
  const wanted = options.sheet ?? 1;
  // The sheet's own pass (merged ranges, cell counts, inflated size) and the check of the other
  // parts run while exceljs loads, and both finish before exceljs reads the file: exceljs inflates
  // a sheet that precedes the shared strings (or has none) whole into a temp file, and caches the
  // shared strings, so a bomb must be refused before it starts.
  const early = readSheetMerges(file, (name, position) => matches(wanted, name, position), limits);
  early.catch(() => undefined);
  preloadExceljs();
  await Promise.all([checkWorkbookParts(file, size, limits), early.catch(keepLimitErrors)]);
  const { book, sheet } = await openSheet(file, wanted);
  const issues: DataIssue[] = [];
  const located = await locateHeader(
    sheetBatches(sheet, book, sheetMerges(file, early, sheet.name, limits), (cells, row) =>
      assertCellSizes(cells, row, file, limits),
    ),
    options,
    { file, sheet: sheet.name },
    issues,
    (error) => workbookError(file, error),
  );
  return { kind: 'table', file, sheet: sheet.name, shortRecords: 'trailing-empty', issues, ...located };
}

/** Opens the workbook this many times at most when exceljs lost its workbook.xml (below). */
const OPEN_TRIES = 3;

/**
 * exceljs's streaming reader now and then drops a workbook.xml that is the zip's last entry (where
 * its own writer and some other tools put it: 1-2 opens in 40 here) and then fails on the sheets it
 * held back waiting for it. Nothing has been read from the workbook at that point, so it is opened
 * again; a workbook whose model never arrives is reported as before. Decided by the reader's state
 * (no workbook model), not by the error's text.
 */
async function withWorkbook<T>(file: string, use: (book: OpenWorkbook) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const book = await openWorkbook(file);
    try {
      return await use(book);
    } catch (error) {
      book.close();
      const modelLost = !(error instanceof InvalidInputError) && book.sheetNames() === undefined;
      if (!modelLost || attempt >= OPEN_TRIES) throw workbookError(file, error);
    }
  }
}

async function openSheet(
  file: string,
  wanted: string | number,
): Promise<{ book: OpenWorkbook; sheet: SheetReader }> {
  return withWorkbook(file, async (book) => ({ book, sheet: await findSheet(book, file, wanted) }));
}

/** Sheet names in workbook order (for `menusync init` and for choosing options.sheet). */
export async function listSheets(
  file: string,
  limits: InputLimits = inputLimits(undefined),
): Promise<string[]> {
  const size = await assertReadableFile(file, limits.maxInputBytes);
  await checkWorkbookParts(file, size, limits);
  return withWorkbook(file, async (book) => {
    const seen: string[] = [];
    for (let next = await book.sheets.next(); !next.done; next = await book.sheets.next()) {
      discardSheet(next.value);
      const known = book.sheetNames();
      if (known) {
        book.close();
        return known;
      }
      seen.push(next.value.name);
    }
    book.close();
    return book.sheetNames() ?? seen;
  });
}

import type { DataIssue } from '../../model/data-issue.js';
import { assertReadableFile } from '../file-access.js';
import { count, inputLimits, InputLimitError, type InputLimits } from '../input-limits.js';
import { locateHeader } from '../locate-header.js';
import type { CellValue, ReadOptions, TableRecord, TableSource } from '../types.js';
import { CellErrorIssues } from './cell-errors.js';
import { mergeFiller } from './fill-merges.js';
import { openSheet, readBook, workbookError, type OpenSheet } from './open-sheet.js';
import { sheetRowBatches } from './sheet-row-batches.js';

/** A cell longer than the limit: found once the cell is read, so the row is at most 16,384 of them. */
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

/** The sheet's records, a batch per chunk of its XML: merged ranges filled, sizes checked, errors noted. */
async function* sheetRecords(
  sheet: OpenSheet,
  limits: InputLimits,
  cellErrors: CellErrorIssues,
): AsyncGenerator<TableRecord[]> {
  const fillMerges = mergeFiller(sheet.merges, { file: sheet.file, maxCells: limits.maxCells });
  for await (const rows of sheetRowBatches(sheet, limits)) {
    const batch: TableRecord[] = [];
    for (const row of rows) {
      cellErrors.note(row);
      assertCellSizes(row.cells, row.row, sheet.file, limits);
      fillMerges(row.row, row.cells);
      if (row.cells.some((cell) => cell !== null && cell !== '')) batch.push(row);
    }
    if (batch.length > 0) yield batch;
  }
}

/**
 * One sheet of an .xlsx workbook as a streaming TableSource (options.sheet: name or 1-based
 * position; default the first). Each sheet is its own source: open the file again for another.
 *
 * The workbook is read from its zip parts directly (open-sheet.ts): the limits are checked
 * first (workbook-limits.ts, the sheet's cell count), then the shared strings and styles are
 * read whole, whatever their place in the zip, and the sheet's rows stream. Merged cells: every
 * cell of a merged range reads as the range's top-left value. A row that holds nothing but
 * merged-over cells is not in the sheet XML at all and stays absent.
 */
export async function readXlsx(file: string, options: ReadOptions): Promise<TableSource> {
  const limits = inputLimits(options.limits);
  const size = await assertReadableFile(file, limits.maxInputBytes);
  const sheet = await openSheet(file, size, options.sheet ?? 1, limits);
  const issues: DataIssue[] = [];
  const where = { file, sheet: sheet.name };
  const cellErrors = new CellErrorIssues(issues, where);
  const located = await locateHeader(
    sheetRecords(sheet, limits, cellErrors),
    options,
    where,
    issues,
    (error) => workbookError(file, error),
  );
  cellErrors.located(located.headerRow, located.headers);
  return { kind: 'table', file, sheet: sheet.name, shortRecords: 'trailing-empty', issues, ...located };
}

/** Sheet names in workbook order (for `menusync init` and for choosing options.sheet). */
export async function listSheets(
  file: string,
  limits: InputLimits = inputLimits(undefined),
): Promise<string[]> {
  const size = await assertReadableFile(file, limits.maxInputBytes);
  const book = await readBook(file, size, limits);
  return book.info.sheets.map((sheet) => sheet.name);
}

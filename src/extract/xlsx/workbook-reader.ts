import { createReadStream, type ReadStream } from 'node:fs';
import { InvalidInputError } from '../../errors.js';

/** What we use of exceljs's streaming worksheet reader (its typings omit `name`). */
export interface SheetReader extends AsyncIterable<SheetRow> {
  name: string;
  /** exceljs's parser: each chunk's events (rows among them) as one array; its row iterator unpacks them. */
  parse?: () => AsyncIterable<{ eventType: string; value: unknown }[]>;
}
/**
 * A sheet the caller passes over. exceljs parses a worksheet that comes before the workbook's
 * shared strings in the zip from a temp file once the zip is read; when the next sheet is asked
 * for, it deletes that file, and the skipped sheet's lazily opening read stream then fails with
 * ENOENT and no listener: an uncaught error. Closing that stream first (`iterator`, where the
 * reader keeps its input) keeps it from ever opening.
 */
export function discardSheet(sheet: SheetReader): void {
  const input = (sheet as { iterator?: unknown }).iterator as
    { destroy?: () => void; on?: (event: string, listener: () => void) => void } | undefined;
  input?.on?.('error', () => undefined);
  input?.destroy?.();
}

export interface SheetRow {
  number: number;
  eachCell(
    options: { includeEmpty: boolean },
    callback: (cell: { value: unknown }, column: number) => void,
  ): void;
}
export interface OpenWorkbook {
  sheets: AsyncIterator<SheetReader>;
  /** Sheet names in workbook order, known once workbook.xml has been read (before any sheet). */
  sheetNames(): string[] | undefined;
  close(): void;
}

export function workbookError(file: string, error: unknown): InvalidInputError {
  if (error instanceof InvalidInputError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new InvalidInputError(`Cannot read Excel workbook ${file}: ${reason}`, {
    cause: error,
    hint: 'Only .xlsx (Office Open XML) workbooks are read; save .xls files as .xlsx.',
  });
}

/** Starts loading exceljs while the workbook's limits are checked (the module cache keeps it). */
export function preloadExceljs(): void {
  import('exceljs').catch(() => undefined);
}

/**
 * Opens a workbook with exceljs's streaming reader. exceljs is imported here, lazily: it costs
 * ~230 ms of start-up and most runs read no Excel file.
 */
export async function openWorkbook(file: string): Promise<OpenWorkbook> {
  const { default: ExcelJS } = await import('exceljs');
  const input: ReadStream = createReadStream(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles carry the number formats that tell a date from a number.
    styles: 'cache',
    // Ignored hyperlinks leave the cell's display text as its value, which is what we want.
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const model = reader as unknown as { model?: { sheets?: { name: string }[] } };
  return {
    sheets: reader[Symbol.asyncIterator]() as unknown as AsyncIterator<SheetReader>,
    sheetNames: () => model.model?.sheets?.map((sheet) => sheet.name),
    close: () => input.destroy(),
  };
}

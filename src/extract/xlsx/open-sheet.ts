import { InvalidInputError } from '../../errors.js';
import type { InputLimits } from '../input-limits.js';
import { CellStylesReader } from './cell-styles.js';
import { readSheetMerges, type MergedRange } from './merged-ranges.js';
import type { NumberKind } from './number-format.js';
import { scanPart } from './scan-part.js';
import { SharedStringsReader } from './shared-strings.js';
import { checkDeclaredSizes, checkSharedStrings } from './workbook-limits.js';
import { findEntry, readWorkbookInfo, type WorkbookInfo } from './workbook-info.js';
import { listZipEntries, type ZipEntry } from './zip-entries.js';

/** A sheet ready to stream: its part, and everything its cells refer to. */
export interface OpenSheet {
  file: string;
  name: string;
  entry: ZipEntry;
  merges: readonly MergedRange[];
  strings: readonly string[];
  kinds: readonly NumberKind[];
  date1904: boolean;
}

export function workbookError(file: string, error: unknown): InvalidInputError {
  if (error instanceof InvalidInputError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new InvalidInputError(`Cannot read Excel workbook ${file}: ${reason}`, {
    cause: error,
    hint: 'Only .xlsx (Office Open XML) workbooks are read; save .xls files as .xlsx.',
  });
}

/**
 * The zip's entries and what the workbook part says; an InvalidInputError when it is no workbook.
 * Checks the limits of what is read whole: declared part sizes, then the shared strings.
 */
export async function readBook(
  file: string,
  size: number,
  limits: InputLimits,
): Promise<{ entries: ZipEntry[]; info: WorkbookInfo }> {
  try {
    const entries = await listZipEntries(file, size);
    if (!entries) throw workbookError(file, 'not a zip file, so not an .xlsx workbook');
    checkDeclaredSizes(file, entries, limits);
    const info = await readWorkbookInfo(file, entries, limits.maxInflatedBytes);
    if (!info)
      throw workbookError(file, 'the zip holds no workbook part (xl/workbook.xml) and its relationships');
    if (info.sharedStrings) await checkSharedStrings(file, info.sharedStrings, limits);
    return { entries, info };
  } catch (error) {
    throw workbookError(file, error);
  }
}

function matches(wanted: string | number, name: string, position: number): boolean {
  return typeof wanted === 'number'
    ? wanted === position
    : wanted.trim().toLowerCase() === name.trim().toLowerCase();
}

/**
 * Opens the sheet `wanted` (a name, case-insensitive, or a 1-based position in workbook order).
 * Every limit is checked before anything is kept in memory: the parts' sizes and the count of
 * shared strings (readBook), then the sheet's cells in the pass that finds its merged ranges. Then the shared strings and cell styles are read whole, by
 * name from the zip's directory: where they sit in the zip does not matter.
 */
export async function openSheet(
  file: string,
  size: number,
  wanted: string | number,
  limits: InputLimits,
): Promise<OpenSheet> {
  const { entries, info } = await readBook(file, size, limits);
  const index = info.sheets.findIndex((sheet, i) => matches(wanted, sheet.name, i + 1));
  const sheet = info.sheets[index];
  if (!sheet) {
    const names = info.sheets.map((each) => `"${each.name}"`).join(', ');
    throw new InvalidInputError(
      `${file} has no sheet ${typeof wanted === 'number' ? `number ${wanted}` : `"${wanted}"`}; its sheets are: ${names}`,
    );
  }
  const entry = sheet.path === undefined ? undefined : findEntry(entries, sheet.path);
  if (!entry)
    throw workbookError(
      file,
      `sheet "${sheet.name}" has no part in the zip (${sheet.path ?? 'no relationship'})`,
    );
  try {
    const merges = await readSheetMerges(file, entry, limits);
    const strings = new SharedStringsReader();
    const styles = new CellStylesReader();
    await Promise.all([
      info.sharedStrings && scanPart(file, info.sharedStrings, limits.maxInflatedBytes, strings),
      info.styles && scanPart(file, info.styles, limits.maxInflatedBytes, styles),
    ]);
    return {
      file,
      name: sheet.name,
      entry,
      merges: merges ?? [],
      strings: strings.strings,
      kinds: styles.kinds(),
      date1904: info.date1904,
    };
  } catch (error) {
    throw workbookError(file, error);
  }
}

import type { CellValue } from '../types.js';

/** The shapes exceljs uses for cell values (see exceljs `CellValue`), as far as we read them. */
type ExcelValue =
  | null
  | undefined
  | string
  | number
  | boolean
  | Date
  | { richText: { text: string }[] }
  | { formula?: string; sharedFormula?: string; result?: unknown }
  | { text: unknown; hyperlink: string }
  | { error: string };

/** A date cell as ISO 8601: `yyyy-mm-dd` when it has no time of day, else the full timestamp. */
export function isoDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/**
 * One cell as plain data: formulas give their cached result, rich text and hyperlinks their
 * text, dates an ISO string, errors their code (`#N/A`). Numbers stay numbers, text stays text.
 */
export function toCellValue(value: unknown): CellValue {
  const cell = value as ExcelValue;
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'string' || typeof cell === 'number' || typeof cell === 'boolean') return cell;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : isoDate(cell);
  if ('richText' in cell) return cell.richText.map((run) => run.text ?? '').join('');
  if ('formula' in cell || 'sharedFormula' in cell || 'result' in cell) {
    const result = (cell as { result?: unknown }).result;
    if (result !== null && typeof result === 'object' && 'error' in result) return String(result.error);
    return toCellValue(result);
  }
  if ('hyperlink' in cell) return toCellValue(cell.text);
  if ('error' in cell) return cell.error;
  return null;
}

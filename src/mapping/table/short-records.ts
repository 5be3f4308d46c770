import type { TableRecord, TableSource } from '../../extract/types.js';
import type { CompileContext } from './compile-context.js';

/** Columns named in a cut-row error before "and N more". */
const NAMED = 3;

/**
 * Records with fewer cells than the header (CSV only: see TableSource.shortRecords). When a cell the
 * mapping reads is among the missing ones the row was cut (the last line of a truncated export):
 * a located `malformed-row` error and the row is left out, so the run blocks instead of sending a
 * product without its price. When only cells the mapping ignores are missing, the rows are one
 * located warning for the whole file (first and last row, count): some writers leave off trailing
 * empty cells, and a warning per row would bury everything else.
 */
export class ShortRecords {
  private readonly width: number;
  private readonly read: number[];
  private readonly lastRead: number;
  private readonly cut: boolean;
  private harmless = 0;
  private firstHarmless = 0;
  private lastHarmless = 0;

  constructor(
    source: Pick<TableSource, 'shortRecords'>,
    private readonly ctx: CompileContext,
  ) {
    // Up to the last named column: a header written with trailing commas has blank columns that
    // rows without those commas do not lose anything in.
    const headers = ctx.headers.headers;
    let width = headers.length;
    while (width > 0 && (headers[width - 1] ?? '').trim() === '') width--;
    this.width = width;
    this.read = ctx.headers.readColumns();
    this.lastRead = this.read[this.read.length - 1] ?? -1;
    this.cut = source.shortRecords === 'cut';
  }

  /** True when the record was cut: the error is reported and the caller leaves the row out. */
  isCut(record: TableRecord): boolean {
    const cells = record.cells.length;
    if (cells >= this.width || !this.cut) return false;
    if (cells > this.lastRead) {
      if (this.harmless++ === 0) this.firstHarmless = record.row;
      this.lastHarmless = record.row;
      return false;
    }
    const headers = this.ctx.headers.headers;
    const missing = this.read.filter((index) => index >= cells).map((index) => headers[index] ?? '');
    const named = missing.slice(0, NAMED).map((header) => `"${header}"`);
    const more = missing.length > NAMED ? ` and ${missing.length - NAMED} more` : '';
    const after = cells > 0 ? `after column "${headers[cells - 1] ?? ''}"` : 'before its first cell';
    this.ctx.cursor.row = record.row;
    this.ctx.rowIssue(
      'malformed-row',
      'error',
      `the row ends ${after} (${cells} of ${this.width} cells): it was cut; ${named.join(', ')}${more} that the mapping reads ${missing.length === 1 ? 'is' : 'are'} missing: row left out`,
      missing[0],
    );
    return true;
  }

  /** The one warning for short rows that lost only cells the mapping does not read. */
  finish(): void {
    if (this.harmless === 0) return;
    const rows =
      this.harmless === 1
        ? 'this row has'
        : `${this.harmless} rows (the first here, the last at row ${this.lastHarmless}) have`;
    this.ctx.cursor.row = this.firstHarmless;
    this.ctx.rowIssue(
      'malformed-row',
      'warning',
      `${rows} fewer cells than the header's ${this.width}; the missing cells are in columns the mapping does not read`,
    );
  }
}

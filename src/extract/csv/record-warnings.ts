import type { DataIssue } from '../../model/data-issue.js';
import type { TableRecord } from '../types.js';
import type { RecordNotice } from './record-parser.js';

/** First and last row of something seen on many rows, told once for the file. */
class Tally {
  count = 0;
  firstRow = 0;
  firstCell = 0;
  lastRow = 0;

  add(row: number, cell = 0): void {
    if (this.count++ === 0) {
      this.firstRow = row;
      this.firstCell = cell;
    }
    this.lastRow = row;
  }

  /** `this row` or `12 rows (the first here, the last at row 40)`, for a message. */
  rows(one: string, many: string): string {
    return this.count === 1 ? one : `${this.count} ${many} (the first here, the last at row ${this.lastRow})`;
  }
}

/** Cells shown of a row's extra cells. */
const SHOWN = 3;

/**
 * Problems of records read in spite of them, as located issues: cells beyond the header (an
 * error when they hold text, since a delimiter inside an unquoted cell cut it in two: `4.50,Fish,
 * Chips` is not the product "Fish"; a warning for the file when they are empty, unless the source
 * says `allowTrailingEmptyCells`), stray quotes, spaces after closing quotes and lone CR line endings (a warning for the file
 * each, with the first and last row). Sees every batch (file-batches.ts) but records after the
 * header only: batches read before the header is known wait for it, and so does the end.
 */
export class RecordWarnings {
  private headerRow: number | undefined;
  private headers: readonly string[] = [];
  private width = Infinity;
  private readonly waiting: (readonly TableRecord[])[] = [];
  private readonly strayQuotes = new Tally();
  private readonly spacedQuotes = new Tally();
  private readonly bareCrs = new Tally();
  private readonly emptyExtras = new Tally();
  /** The end of the file came before the header was known (a small file read ahead whole). */
  private ended = false;

  constructor(
    private readonly file: string,
    private readonly issues: DataIssue[],
    private readonly allowTrailingEmptyCells: boolean,
  ) {}

  readonly notice = (notice: RecordNotice): void => {
    if (notice.kind === 'stray-quote') this.strayQuotes.add(notice.row, notice.cell);
    else if (notice.kind === 'space-after-quote') this.spacedQuotes.add(notice.row, notice.cell);
    else this.bareCrs.add(notice.row);
  };

  /** The header is known: check the records read before it, and all to come. */
  nameColumns(headerRow: number, headers: readonly string[]): void {
    this.headerRow = headerRow;
    this.headers = headers;
    this.width = headers.length > 0 ? headers.length : Infinity;
    for (const batch of this.waiting) this.inspect(batch);
    this.waiting.length = 0;
    if (this.ended) this.finish();
  }

  inspect(records: readonly TableRecord[]): void {
    const headerRow = this.headerRow;
    if (headerRow === undefined) {
      this.waiting.push(records);
      return;
    }
    const width = this.width;
    for (let i = 0; i < records.length; i++) {
      const record = records[i] as TableRecord;
      if (record.cells.length > width && record.row > headerRow) this.extraCells(record);
    }
  }

  finish(): void {
    if (this.headerRow === undefined) {
      this.ended = true;
      return;
    }
    const { strayQuotes, spacedQuotes, bareCrs, emptyExtras } = this;
    if (strayQuotes.count > 0)
      this.warn(
        strayQuotes.firstRow,
        `${strayQuotes.rows('a cell of this row holds', 'cells hold')} a quote inside unquoted text (like 12" Pizza): read as written`,
        this.column(strayQuotes.firstCell),
      );
    if (spacedQuotes.count > 0)
      this.warn(
        spacedQuotes.firstRow,
        `${spacedQuotes.rows('a quoted cell of this row ends', 'quoted cells end')} with spaces between the closing quote and the delimiter or the line end (like "B" ,): read as the quoted text (B)`,
        this.column(spacedQuotes.firstCell),
      );
    if (bareCrs.count > 0)
      this.warn(
        bareCrs.firstRow,
        `${bareCrs.rows('this line ends', 'lines end')} with a lone CR (carriage return) where the file's lines end with LF or CRLF: read as the end of the row, so check the row and the next`,
      );
    if (emptyExtras.count > 0)
      this.warn(
        emptyExtras.firstRow,
        `${emptyExtras.rows('this row has', 'rows have')} empty cells beyond the header's ${this.width} columns: ignored (allowTrailingEmptyCells: true on the source says they are expected)`,
      );
  }

  private extraCells(record: TableRecord): void {
    const extra = record.cells.slice(this.width);
    const text = extra.filter((cell) => typeof cell === 'string' && cell.trim() !== '');
    if (text.length === 0) {
      if (!this.allowTrailingEmptyCells) this.emptyExtras.add(record.row);
      return;
    }
    const first = extra.findIndex((cell) => typeof cell === 'string' && cell.trim() !== '');
    const shown = text
      .slice(0, SHOWN)
      .map((cell) => JSON.stringify(cell))
      .join(', ');
    const more = text.length > SHOWN ? ` and ${text.length - SHOWN} more` : '';
    this.issues.push({
      code: 'malformed-row',
      severity: 'error',
      message: `the row has ${record.cells.length} cells, the header ${this.width}: the cells beyond it hold ${shown}${more}; a delimiter inside a cell that is not quoted splits it, so the row is not read as intended`,
      location: { file: this.file, row: record.row, column: `#${this.width + first + 1}` },
    });
  }

  private column(cell: number): string {
    const header = this.headers[cell];
    return header ? header : `#${cell + 1}`;
  }

  private warn(row: number, message: string, column?: string): void {
    this.issues.push({
      code: 'malformed-row',
      severity: 'warning',
      message,
      location: { file: this.file, row, ...(column !== undefined ? { column } : {}) },
    });
  }
}

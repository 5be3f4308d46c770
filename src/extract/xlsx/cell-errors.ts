import type { DataIssue } from '../../model/data-issue.js';
import type { SheetRow } from './sheet-rows.js';

interface ErrorCell {
  row: number;
  /** 0-based. */
  column: number;
  code: string;
}

/** Column letters of a 0-based column (0 -> A, 27 -> AB), for cells past the header. */
function columnLetters(column: number): string {
  let letters = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * Error values in cells (`#N/A`, `#DIV/0!`, `#REF!`: a formula's cached result, or typed in) as
 * `cell-error` issues that block: the workbook holds no value there, and its code must not go
 * live as a name or fail later as a price. Located by the header's column name, so cells read
 * before the header is known wait until it is; rows above the header are not part of the table.
 */
export class CellErrorIssues {
  private pending: ErrorCell[] = [];
  private header: { row: number; headers: readonly string[] } | undefined;

  constructor(
    private readonly issues: DataIssue[],
    private readonly where: { file: string; sheet: string },
  ) {}

  /** Takes the error marks off a row as it is read (records carry row and cells only). */
  note(row: SheetRow): void {
    const { errors } = row;
    if (!errors) return;
    delete row.errors;
    for (const column of errors) {
      const cell = { row: row.row, column, code: String(row.cells[column]) };
      if (this.header) this.report(cell);
      else this.pending.push(cell);
    }
  }

  /** The header is known: reports the cells noted so far in it and below it. */
  located(headerRow: number, headers: readonly string[]): void {
    this.header = { row: headerRow, headers };
    for (const cell of this.pending) this.report(cell);
    this.pending = [];
  }

  private report(cell: ErrorCell): void {
    if (!this.header || cell.row < this.header.row) return;
    const name = this.header.headers[cell.column];
    this.issues.push({
      code: 'cell-error',
      severity: 'error',
      message: `the cell holds the error value ${cell.code}, not a value: correct it in the workbook (or its formula's inputs) and export again`,
      location: { ...this.where, row: cell.row, column: name ? name : columnLetters(cell.column) },
    });
  }
}

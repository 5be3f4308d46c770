import { InvalidInputError } from '../../errors.js';
import { count, InputLimitError } from '../input-limits.js';

const CELL = Buffer.from('<c', 'latin1');
const ROW = Buffer.from('<row', 'latin1');
/** Bytes that may follow a tag name: `<c r=..>`, `<c>`, `<c/>` but not `<col`, `<cfRule`, `<rowBreaks`. */
const AFTER_NAME = new Set([0x3e, 0x2f, 0x20, 0x09, 0x0a, 0x0d]);
/** Excel's own column limit (XFD): a row with more cells is not a spreadsheet row. */
export const MAX_CELLS_PER_ROW = 16_384;

/**
 * Counts the `<c>` elements of a sheet's XML as its chunks stream by (merged-ranges.ts reads the
 * whole sheet anyway), before the row reader (sheet-row-batches.ts) parses a row: it builds each row
 * whole, so one row of millions of cells would exhaust memory before any check on parsed rows could run.
 */
export class SheetCellCount {
  private cells = 0;
  private rows = 0;
  private rowCells = 0;
  /** Absolute offset the chunks before reached: a tag split across two chunks counts once. */
  private seenUpTo = 0;

  constructor(
    private readonly file: string,
    private readonly maxCells: number,
  ) {}

  /** `bytes` = the previous chunk's last `carry` bytes + this chunk. */
  feed(bytes: Buffer, carry: number): void {
    const base = this.seenUpTo - carry;
    let cell = next(bytes, CELL, 0);
    let row = next(bytes, ROW, 0);
    while (cell >= 0 || row >= 0) {
      if (cell >= 0 && (row < 0 || cell < row)) {
        if (base + cell + CELL.length + 1 > this.seenUpTo) this.countCell();
        cell = next(bytes, CELL, cell + 1);
      } else {
        if (base + row + ROW.length + 1 > this.seenUpTo) {
          this.rows++;
          this.rowCells = 0;
        }
        row = next(bytes, ROW, row + 1);
      }
    }
    this.seenUpTo += bytes.length - carry;
  }

  private countCell(): void {
    if (++this.cells > this.maxCells)
      throw new InputLimitError(
        this.file,
        'maxCells',
        `the sheet has more than ${count(this.maxCells)} cells`,
      );
    if (++this.rowCells > MAX_CELLS_PER_ROW) {
      throw new InvalidInputError(
        `${this.file}: row element ${count(this.rows)} of the sheet has more than ${count(MAX_CELLS_PER_ROW)} cells (Excel's column limit)`,
      );
    }
  }
}

/** The next `tag` followed by a tag-ending byte, from `from`; -1 when none is complete here. */
function next(bytes: Buffer, tag: Buffer, from: number): number {
  for (let at = bytes.indexOf(tag, from); at >= 0; at = bytes.indexOf(tag, at + 1)) {
    const after = bytes[at + tag.length];
    if (after === undefined) return -1;
    if (AFTER_NAME.has(after)) return at;
  }
  return -1;
}

import type { DataIssue } from '../../model/data-issue.js';
import type { TableRecord } from '../types.js';
import { describeFaults, invalidUtf8Hint, type Utf8Fault } from '../utf8-faults.js';

interface Hit {
  row: number;
  cell: number;
  faults: Utf8Fault[];
}

/**
 * Names the row and column of every invalid UTF-8 sequence of a CSV file. The decode stage lists
 * the faults with their byte offsets, in file order, before the parser sees their chunk
 * (decode-chunks.ts); the parser turns each into one U+FFFD inside some cell. Reading the records
 * in the same order, the n-th U+FFFD met is the n-th fault, so the record gives the row and the
 * cell gives the column, without counting lines or decoding anything a second time. Cells are
 * only looked at while faults are waiting, so a clean file pays nothing here.
 *
 * Limit: a record csv-parse skips as malformed (already an error) takes its U+FFFDs with it, so
 * later faults may show the bytes of an earlier one; faults left at the end are reported with
 * their byte offset only.
 */
export class InvalidUtf8Cells {
  private readonly queue: Utf8Fault[] = [];
  private next = 0;
  private headers: readonly string[] | undefined;
  private readonly unnamed: Hit[] = [];

  constructor(
    private readonly file: string,
    private readonly issues: DataIssue[],
    /** How the caller names the encoding override, for the hint. */
    private readonly encodingName?: string,
  ) {}

  readonly fault = (fault: Utf8Fault): void => {
    this.queue.push(fault);
  };

  /** The records of one parsed chunk, in file order. */
  inspect(records: readonly TableRecord[]): void {
    for (let r = 0; r < records.length && this.next < this.queue.length; r++) {
      const record = records[r] as TableRecord;
      const cells = record.cells;
      for (let c = 0; c < cells.length; c++) {
        const cell = cells[c];
        if (typeof cell !== 'string' || !cell.includes('\uFFFD')) continue;
        const faults: Utf8Fault[] = [];
        for (let at = cell.indexOf('\uFFFD'); at >= 0; at = cell.indexOf('\uFFFD', at + 1)) {
          const fault = this.queue[this.next++];
          if (fault && !fault.literal) faults.push(fault);
        }
        if (faults.length > 0) this.hit({ row: record.row, cell: c, faults });
      }
    }
    if (this.next === this.queue.length) {
      this.queue.length = 0;
      this.next = 0;
    }
  }

  /** The header is known: name the columns of the hits read before it, and of all to come. */
  nameColumns(headers: readonly string[]): void {
    this.headers = headers;
    for (const hit of this.unnamed) this.report(hit);
    this.unnamed.length = 0;
  }

  /** End of file: faults no record carried (in a skipped malformed record) keep their offset. */
  finish(): void {
    const left = this.queue.slice(this.next).filter((fault) => !fault.literal);
    if (left.length > 0) {
      this.issues.push({
        code: 'encoding',
        severity: 'error',
        message: `invalid UTF-8 ${describeFaults(left)} in a record that could not be parsed: ${invalidUtf8Hint(this.encodingName)}`,
        location: { file: this.file },
      });
    }
    this.queue.length = 0;
    this.next = 0;
  }

  private hit(hit: Hit): void {
    if (this.headers) this.report(hit);
    else this.unnamed.push(hit);
  }

  private report(hit: Hit): void {
    const header = this.headers?.[hit.cell];
    this.issues.push({
      code: 'encoding',
      severity: 'error',
      message: `invalid UTF-8 ${describeFaults(hit.faults)} (read as U+FFFD): ${invalidUtf8Hint(this.encodingName)}`,
      location: { file: this.file, row: hit.row, column: header ? header : `#${hit.cell + 1}` },
    });
  }
}

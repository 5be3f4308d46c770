/**
 * Physical line numbers for CSV records, as a text editor or spreadsheet shows them.
 *
 * csv-parse's `info.lines` is the line where a record ENDS, and inside quoted cells it counts a
 * CRLF as two lines (it bumps the counter on both the CR and the LF), so after the first
 * multi-line cell of a Windows file every later number drifts. We keep our own count: only when a
 * record spans more than one reported line do we look at its cells for the breaks they hold.
 */
export class LineTracker {
  /** csv-parse's line count at the end of the previous record. */
  private reportedEnd = 0;
  /** True physical line where the previous record ended. */
  private trueEnd: number;
  /** How many lines csv-parse has over-counted so far (one per quoted CRLF). */
  private overcount = 0;
  /** Whether a record's cells held a line break. */
  breaksInCells = false;

  /** `firstLine`: the physical line of the first byte csv-parse is given (a parser may start mid-file). */
  constructor(private readonly firstLine = 1) {
    this.trueEnd = firstLine - 1;
  }

  /** Start line of a record, given its cells and csv-parse's `info.lines` at its end. */
  startOf(cells: readonly string[], reportedLines: number): number {
    const delta = reportedLines - this.reportedEnd;
    this.reportedEnd = reportedLines;
    if (delta === 1) return ++this.trueEnd;
    let breaks = 0;
    let extra = 0;
    for (const cell of cells) {
      if (cell.indexOf('\n') === -1 && cell.indexOf('\r') === -1) continue;
      for (let i = 0; i < cell.length; i++) {
        const code = cell.charCodeAt(i);
        if (code === 13 && cell.charCodeAt(i + 1) === 10) {
          breaks++;
          extra++;
          i++;
        } else if (code === 13 || code === 10) {
          breaks++;
        }
      }
    }
    if (breaks > 0) this.breaksInCells = true;
    // Whatever the cells do not explain is empty lines or skipped malformed records before it.
    const gap = Math.max(0, delta - 1 - breaks - extra);
    this.overcount += extra;
    const start = this.trueEnd + 1 + gap;
    this.trueEnd = start + breaks;
    return start;
  }

  /** The physical line after the last record's end: where the next one could start. */
  get nextLine(): number {
    return this.trueEnd + 1;
  }

  /** A csv-parse line number (e.g. from a CsvError) corrected for the over-count so far. */
  physical(reportedLine: number): number {
    return Math.max(this.firstLine, reportedLine - this.overcount + this.firstLine - 1);
  }
}

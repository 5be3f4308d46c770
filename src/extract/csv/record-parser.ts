import { finished } from 'node:stream/promises';
import { CsvError, Parser, type InfoRecord } from 'csv-parse';
import type { TableRecord } from '../types.js';
import { BareCarriageReturns } from './bare-carriage-returns.js';
import { ByteWindow } from './byte-window.js';
import { LineTracker } from './line-tracker.js';
import { quoteProblems } from './quote-check.js';

const QUOTE = 0x22;

/** Something odd about one record that does not stop it being read. */
export interface RecordNotice {
  /**
   * `stray-quote`: `12" Pizza`, kept as written; `space-after-quote`: `"B" ,`, read as `B`;
   * `bare-cr`: the line ends with a lone CR in a file of LF or CRLF lines.
   */
  kind: 'stray-quote' | 'space-after-quote' | 'bare-cr';
  /** Physical line of the quote, or of the line the CR ends. */
  row: number;
  /** 0-based cell of a quote. */
  cell?: number;
}

export interface RecordParserOptions {
  delimiter: string;
  /** Called for each record left out as malformed, with the physical line of the problem. */
  onMalformed: (error: CsvError | undefined, line: number | undefined) => void;
  /** Called for each record read in spite of something odd about it. */
  onNotice?: (notice: RecordNotice) => void;
}

function numberIn(error: CsvError | undefined, key: 'bytes' | 'lines'): number | undefined {
  const value = error?.[key];
  return typeof value === 'number' ? value : undefined;
}

/**
 * csv-parse's documented stream API, fed one chunk at a time: `parse(chunk)` resolves to the
 * records the chunk completes, as `{row, cells}`. Records are taken in `on_record` (returning
 * nothing keeps them off the stream's readable side, so no stream push or read per record), with
 * `row` the physical line where the record starts (line-tracker.ts, from the context's `lines`).
 *
 * Every line ending ends a record (`record_delimiter` lists all three): csv-parse otherwise takes
 * the first one it meets for the whole file, so LF rows appended to a CRLF export became cells of
 * its last record. A lone CR in a file of LF or CRLF lines is told (bare-carriage-returns.ts).
 *
 * Quotes are read as Python's csv module and PapaParse read them (`relax_quotes`): a quote inside
 * a cell that does not start with one is text, told as a notice; spaces between a closing quote and
 * the delimiter or line end (`"B" ,`) are dropped, the cell read as `B` and told as a notice; a
 * quoted cell whose closing quote is followed by text (`"a"b`) is a malformed record, left out. Both are found in the raw bytes
 * of the few records holding a quote in a cell (quote-check.ts). An unclosed quote is reported at
 * the line where it opened, not at the end of the file.
 */
export class RecordParser {
  private readonly window = new ByteWindow();
  private readonly lines = new LineTracker();
  private readonly parser: Parser;
  private readonly delimiterByte: number;
  private readonly bareCrs = new BareCarriageReturns();
  private batch: TableRecord[] = [];
  private failure: unknown;
  /** Whether the bytes of the records this call completes may hold a quote (checked natively). */
  private quotes = false;
  /** Whether the unfinished record's bytes so far hold a quote. */
  private quoteInTail = false;
  /** Bytes fed so far. */
  private fed = 0;

  constructor(private readonly options: RecordParserOptions) {
    this.delimiterByte = options.delimiter.charCodeAt(0);
    this.parser = new Parser({
      delimiter: options.delimiter,
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_record: (record: string[], context: InfoRecord) => {
        this.take(record, context);
        return undefined;
      },
      on_skip: (error) => {
        this.skip(error);
        return undefined;
      },
    });
    this.parser.on('error', (error) => (this.failure ??= error));
  }

  /** Whether a cell read so far holds a line break (a quoted multi-line cell). */
  get breaksInCells(): boolean {
    return this.lines.breaksInCells;
  }

  /**
   * The records completed by this chunk (csv-parse keeps an unfinished record for the next call);
   * `chunk` undefined ends the input and returns the last record. The chunk must not be reused
   * afterwards: it is kept until a record ends past it. Rejects with what csv-parse cannot skip.
   */
  async parse(chunk: Buffer | undefined): Promise<TableRecord[]> {
    this.batch = [];
    if (chunk !== undefined && chunk.length > 0) {
      this.window.append(chunk);
      this.bareCrs.scan(chunk, this.fed);
      const start = this.fed;
      this.fed += chunk.length;
      const chunkQuote = chunk.indexOf(QUOTE) !== -1;
      this.quotes = this.quoteInTail || chunkQuote;
      await this.write(chunk);
      // The record csv-parse holds back starts at the last record's end, or before this chunk.
      const tail = this.window.recordEnd - start;
      this.quoteInTail = tail < 0 ? this.quotes : chunkQuote && chunk.indexOf(QUOTE, tail) !== -1;
    }
    if (chunk === undefined) {
      this.bareCrs.end();
      this.quotes = this.quoteInTail;
      await this.end();
    }
    if (this.failure !== undefined) throw this.failure;
    return this.batch;
  }

  private take(cells: string[], context: InfoRecord): void {
    const row = this.lines.startOf(cells, context.lines);
    const start = this.window.recordEnd;
    const startLine = this.window.recordEndLine;
    const end = context.bytes;
    if (this.bareCrs.endsAt(end)) this.options.onNotice?.({ kind: 'bare-cr', row: this.lines.nextLine - 1 });
    let bad: string | undefined;
    if (this.quotes && hasQuote(cells)) bad = this.checkQuotes(cells, start, startLine, end);
    this.window.recordEnded(end, this.lines.nextLine);
    if (bad === undefined) this.batch.push({ row, cells });
  }

  /**
   * Tells the stray quotes of the record between `start` and `end` and reads cells with spaces after
   * their closing quote (in place); the message if the record must be left out.
   */
  private checkQuotes(cells: string[], start: number, startLine: number, end: number): string | undefined {
    const bytes = this.window.from(start).subarray(0, end - start);
    let malformed: string | undefined;
    for (const problem of quoteProblems(bytes, this.delimiterByte)) {
      const row = startLine + problem.linesBefore;
      if (problem.kind === 'stray') {
        this.options.onNotice?.({ kind: 'stray-quote', row, cell: problem.cell });
      } else if (problem.kind === 'space-after-closing') {
        cells[problem.cell] = unquote(cells[problem.cell] as string);
        this.options.onNotice?.({ kind: 'space-after-quote', row, cell: problem.cell });
      } else if (malformed === undefined) {
        malformed = `Invalid Closing Quote: a quoted cell's closing quote is followed by ${JSON.stringify(problem.next)} instead of the delimiter or a line break`;
        this.options.onMalformed(new CsvError('CSV_INVALID_CLOSING_QUOTE', malformed), row);
      }
    }
    return malformed;
  }

  private skip(error: CsvError | undefined): void {
    const bytes = numberIn(error, 'bytes');
    // csv-parse's `bytes` is the last field boundary before the bad field, which opens with a quote.
    const opening = bytes === undefined ? undefined : this.window.quoteAt(bytes);
    // csv-parse's own messages name its line count, which is not the row we report: say it anew.
    if (opening !== undefined && error?.code === 'CSV_QUOTE_NOT_CLOSED') {
      const line = this.window.lineAt(opening);
      const last = this.window.lastLine();
      const rest = last > line ? `lines ${line}-${last} were` : 'its line was';
      const message = `Quote Not Closed: a quote opens a cell on this row and is never closed, so ${rest} read as one record`;
      this.options.onMalformed(new CsvError(error.code, message), line);
      return;
    }
    const lines = numberIn(error, 'lines');
    this.options.onMalformed(error, lines === undefined ? undefined : this.lines.physical(lines));
  }

  private write(bytes: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      this.parser.write(bytes, (error) => (error ? reject(error) : resolve()));
    });
  }

  private async end(): Promise<void> {
    this.parser.end();
    await finished(this.parser, { readable: false });
  }
}

/** Whether a cell holds a quote: one native search per cell, only in chunks that hold a quote. */
function hasQuote(cells: readonly string[]): boolean {
  for (let i = 0; i < cells.length; i++) if ((cells[i] as string).indexOf('"') !== -1) return true;
  return false;
}

/**
 * csv-parse (relax_quotes) gives `"B" ` for `"B" ,`: the quotes, the content with its doubled
 * quotes already undone, and the spaces or tabs after the closing quote. The content alone.
 */
function unquote(cell: string): string {
  let end = cell.length;
  while (end > 0 && (cell[end - 1] === ' ' || cell[end - 1] === '\t')) end--;
  return cell.slice(1, end - 1);
}

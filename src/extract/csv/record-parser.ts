import { finished } from 'node:stream/promises';
import { CsvError, Parser, type InfoRecord } from 'csv-parse';
import type { TableRecord } from '../types.js';
import { ByteWindow } from './byte-window.js';
import { LineTracker } from './line-tracker.js';

export interface RecordParserOptions {
  delimiter: string;
  /** Called for each record csv-parse gives up on, with the physical line of the problem. */
  onMalformed: (error: CsvError | undefined, line: number | undefined) => void;
}

/** One csv-parse stream over the bytes from `offset` on; a fresh one takes over after a bad closing quote. */
interface Segment {
  parser: Parser;
  lines: LineTracker;
  /** Offset, in the bytes fed since the start of the file, of this parser's first byte. */
  offset: number;
  /** Set once a fresh parser takes over: what this one still parses is ignored. */
  abandoned: boolean;
  /** The first record is the rest of the record a bad closing quote broke, already reported. */
  dropFirst: boolean;
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
 * Malformed records are skipped and reported (`skip_records_with_error`, `on_skip`). After `"a"b`
 * csv-parse stays inside the quoted field and would swallow the rest of the file, so this parser
 * is dropped and a fresh one reads on from just after that quote (byte-window.ts finds it); an
 * unclosed quote is reported at the line where it opened, not at the end of the file.
 */
export class RecordParser {
  private readonly window = new ByteWindow();
  private segment: Segment;
  private batch: TableRecord[] = [];
  private resume: { offset: number; dropFirst: boolean } | undefined;
  private failure: unknown;

  constructor(private readonly options: RecordParserOptions) {
    this.segment = this.open(0, 1, false);
  }

  /**
   * The records completed by this chunk (csv-parse keeps an unfinished record for the next call);
   * `chunk` undefined ends the input and returns the last record. The chunk must not be reused
   * afterwards: it is kept until a record ends past it. Rejects with what csv-parse cannot skip.
   */
  async parse(chunk: Buffer | undefined): Promise<TableRecord[]> {
    this.batch = [];
    if (chunk !== undefined) this.window.append(chunk);
    let input = chunk;
    for (;;) {
      if (input !== undefined && input.length > 0) await this.write(input);
      if (this.resume === undefined && chunk === undefined) await this.end();
      const resume = this.resume;
      if (resume === undefined) break;
      this.resume = undefined;
      this.segment.parser.destroy();
      this.segment = this.open(resume.offset, this.window.lineAt(resume.offset), resume.dropFirst);
      input = this.window.from(resume.offset);
    }
    if (this.failure !== undefined) throw this.failure;
    return this.batch;
  }

  private open(offset: number, firstLine: number, dropFirst: boolean): Segment {
    const segment = { lines: new LineTracker(firstLine), offset, abandoned: false, dropFirst } as Segment;
    segment.parser = new Parser({
      delimiter: this.options.delimiter,
      bom: offset === 0,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_record: (record: string[], context: InfoRecord) => {
        this.take(segment, record, context);
        return undefined;
      },
      on_skip: (error) => {
        this.skip(segment, error);
        return undefined;
      },
    });
    segment.parser.on('error', (error) => (this.failure ??= error));
    return segment;
  }

  private take(segment: Segment, cells: string[], context: InfoRecord): void {
    if (segment.abandoned) return;
    const row = segment.lines.startOf(cells, context.lines);
    this.window.recordEnded(segment.offset + context.bytes, segment.lines.nextLine);
    if (segment.dropFirst) segment.dropFirst = false;
    else this.batch.push({ row, cells });
  }

  private skip(segment: Segment, error: CsvError | undefined): void {
    if (segment.abandoned) return;
    const bytes = numberIn(error, 'bytes');
    // csv-parse's `bytes` is the last field boundary before the bad field, which opens with a quote.
    const opening = bytes === undefined ? undefined : this.window.quoteAt(segment.offset + bytes);
    // csv-parse's own messages name its line count, which is not the row we report: say it anew.
    if (opening !== undefined && error?.code === 'CSV_QUOTE_NOT_CLOSED') {
      const line = this.window.lineAt(opening);
      const last = this.window.lastLine();
      const rest = last > line ? `lines ${line}-${last} were` : 'its line was';
      const message = `Quote Not Closed: a quote opens a cell on this row and is never closed, so ${rest} read as one record`;
      this.options.onMalformed(new CsvError(error.code, message), line);
      return;
    }
    const closing = opening === undefined ? undefined : this.window.closingQuoteAfter(opening);
    if (closing !== undefined && error?.code === 'CSV_INVALID_CLOSING_QUOTE') {
      const next = JSON.stringify(
        this.window
          .from(closing + 1)
          .toString('utf8', 0, 4)
          .slice(0, 1),
      );
      const message = `Invalid Closing Quote: a quoted cell's closing quote is followed by ${next} instead of the delimiter or a line break`;
      this.options.onMalformed(new CsvError(error.code, message), this.window.lineAt(closing));
      segment.abandoned = true;
      // The bad record goes on after the quote unless a line break ends it right there.
      this.resume = { offset: closing + 1, dropFirst: !this.window.isLineBreakAt(closing + 1) };
      return;
    }
    const lines = numberIn(error, 'lines');
    this.options.onMalformed(error, lines === undefined ? undefined : segment.lines.physical(lines));
  }

  private write(bytes: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      this.segment.parser.write(bytes, (error) => (error ? reject(error) : resolve()));
    });
  }

  private async end(): Promise<void> {
    this.segment.parser.end();
    await finished(this.segment.parser, { readable: false });
  }
}

import { Parser, type CsvError, type Options as CsvParseOptions } from 'csv-parse';
import type { TableRecord } from '../types.js';
import { LineTracker } from './line-tracker.js';

export interface RecordParserOptions {
  delimiter: string;
  /** Called for each record csv-parse gives up on, with the physical line it points at. */
  onMalformed: (error: CsvError | undefined, line: number | undefined) => void;
}

/**
 * The parser core csv-parse's `Parser` stream wraps (`parser.api`, built by the same `transform()`
 * that `csv-parse/sync` drives): `parse(buffer, end, push, close)` parses a chunk synchronously,
 * calling `push` once per record. csv-parse does not export `transform()` itself, and `api` is
 * untyped, so this names the part we use; `state` and `info` are the objects the stream exposes
 * as `parser.state` / `parser.info`.
 */
interface ParserCore {
  parse(
    chunk: Buffer | undefined,
    end: boolean,
    push: (record: unknown) => void,
    close: () => void,
  ): Error | undefined;
  state: { quoting: boolean; field?: unknown };
  info: { lines: number };
}

/** csv-parse's growable byte buffer holding the field being read (utils/ResizeableBuffer.js). */
interface FieldBytes {
  buf: Buffer;
  length: number;
  toString(encoding?: BufferEncoding): unknown;
}

function isFieldBytes(value: unknown): value is FieldBytes {
  const field = value as Partial<FieldBytes> | undefined;
  return (
    Buffer.isBuffer(field?.buf) && typeof field.length === 'number' && typeof field.toString === 'function'
  );
}

/**
 * Node's UTF-8 decoder that Buffer#toString('utf8', start, end) ends in, on every Buffer (not in
 * the typings: undocumented, so looked up and used only if present).
 */
type Utf8Slice = (this: Buffer, start: number, end: number) => string;
const utf8Slice = (Buffer.prototype as unknown as { utf8Slice?: Utf8Slice }).utf8Slice;

/**
 * csv-parse turns each field into text with `buf.slice(0, length).toString(encoding)`: a Buffer
 * view object made and dropped per cell (~90 ms of a 100k-row, 12-column extract with its GC).
 * `buf.toString(encoding, 0, length)` decodes the same bytes to the same text without it, and for
 * UTF-8 (all csv-parse sees: read-csv.ts decodes other encodings first) Node's decoder called
 * directly also skips toString's argument and encoding checks. Only this parser's own field
 * buffer gets the shortcut, and only if it still has that shape; anything else (no encoding:
 * csv-parse then returns bytes) goes to csv-parse's own method.
 */
function decodeFieldsWithoutCopy(core: ParserCore): void {
  const field = core.state.field;
  if (!isFieldBytes(field)) return;
  const own = field.toString;
  field.toString = function (this: FieldBytes, encoding?: BufferEncoding): unknown {
    if (!encoding) return own.call(this, encoding);
    if (this.length === 0) return '';
    return utf8Slice && encoding === 'utf8'
      ? utf8Slice.call(this.buf, 0, this.length)
      : this.buf.toString(encoding, 0, this.length);
  };
}

function coreOf(parser: Parser): ParserCore {
  const core = (parser as unknown as { api?: Partial<ParserCore> }).api;
  if (typeof core?.parse !== 'function' || !core.state || !core.info) {
    throw new Error('csv-parse no longer exposes its parser core as `api`: check record-parser.ts');
  }
  return core as ParserCore;
}

/**
 * csv-parse without the stream machinery: `parse(chunk)` returns the chunk's complete records as
 * `{row, cells}`, so a consumer handles a whole chunk's records synchronously instead of paying a
 * stream push, a promise and a microtask per record. `row` is the physical line where the record
 * starts (line-tracker.ts), read from the live `info.lines` as each record is pushed (csv-parse's
 * own `info: true` builds two spread copies of its info object per record).
 */
export class RecordParser {
  private readonly lines = new LineTracker();
  private readonly core: ParserCore;
  private batch: TableRecord[] = [];
  private readonly push = (record: unknown): void => {
    const cells = record as string[];
    this.batch.push({ row: this.lines.startOf(cells, this.core.info.lines), cells });
  };

  constructor(options: RecordParserOptions) {
    const parserOptions: CsvParseOptions = {
      delimiter: options.delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (error) => {
        // After `"a"b` csv-parse stays inside the quoted field and would swallow the rest of the
        // file into this one skipped record; leaving the quote lets only this record be skipped.
        // test/extract/csv-read.test.ts covers the recovery.
        if (error?.code === 'CSV_INVALID_CLOSING_QUOTE') this.core.state.quoting = false;
        const reported = typeof error?.lines === 'number' ? error.lines : undefined;
        options.onMalformed(error, reported === undefined ? undefined : this.lines.physical(reported));
        return undefined;
      },
    };
    this.core = coreOf(new Parser(parserOptions));
    decodeFieldsWithoutCopy(this.core);
  }

  /**
   * The records completed by this chunk (csv-parse keeps an unfinished record for the next call);
   * `chunk` undefined ends the input and returns the last record. The chunk must not be reused
   * afterwards: csv-parse keeps a view of its unparsed tail. Throws what csv-parse cannot skip.
   */
  parse(chunk: Buffer | undefined): TableRecord[] {
    this.batch = [];
    const error = this.core.parse(chunk, chunk === undefined, this.push, () => undefined);
    if (error !== undefined) throw error;
    return this.batch;
  }
}

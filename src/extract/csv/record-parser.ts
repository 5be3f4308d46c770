import { Parser, type CsvError, type Options as CsvParseOptions } from 'csv-parse';
import type { TableRecord } from '../types.js';
import { LineTracker } from './line-tracker.js';

export interface RecordParserOptions {
  delimiter: string;
  /** Called for each record csv-parse gives up on, with the physical line it points at. */
  onMalformed: (error: CsvError | undefined, line: number | undefined) => void;
}

/**
 * csv-parse emitting `{row, cells}`. csv-parse's own `on_record`/`info: true` build two
 * spread copies of its info object per record, which costs more than the parse itself on 100k
 * rows; instead we read the live `info.lines` (documented, updated before each record is
 * pushed) as the record is pushed.
 */
interface ParserState {
  state: { quoting: boolean };
}

export class RecordParser extends Parser {
  private readonly lines = new LineTracker();

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
        // `state` is the parser's public (if untyped) parse state, test/extract/csv-read.test.ts
        // covers the recovery.
        if (error?.code === 'CSV_INVALID_CLOSING_QUOTE')
          (this as unknown as ParserState).state.quoting = false;
        const reported = typeof error?.lines === 'number' ? error.lines : undefined;
        options.onMalformed(error, reported === undefined ? undefined : this.lines.physical(reported));
        return undefined;
      },
    };
    super(parserOptions);
  }

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (!Array.isArray(chunk)) return super.push(chunk, encoding);
    const cells = chunk as string[];
    const record: TableRecord = { row: this.lines.startOf(cells, this.info.lines), cells };
    return super.push(record);
  }
}

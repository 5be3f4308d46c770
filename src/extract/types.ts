import type { DataIssue } from '../model/data-issue.js';
import type { InputLimits } from './input-limits.js';

/** One cell as an extractor hands it on: text for CSV; xlsx keeps numbers and booleans as such. */
export type CellValue = string | number | boolean | null;

export interface TableRecord {
  /** 1-based physical row number in the file or sheet, as a spreadsheet would show it. */
  row: number;
  /** Cells in header order; a short record has fewer cells than headers. */
  cells: CellValue[];
}

/** A table from a CSV file or one sheet of a workbook, streamed. */
export interface TableSource {
  kind: 'table';
  /** Path as the user gave it, for locations. */
  file: string;
  sheet?: string;
  /** Detected or configured; `encoding`/`delimiter` only for CSV. */
  encoding?: string;
  /** Why that encoding (`only ASCII bytes`, `set by --encoding`, ...), for the summary line. */
  encodingReason?: string;
  delimiter?: string;
  headerRow: number;
  headers: string[];
  /**
   * What a record with fewer cells than the header means. `cut`: a CSV writer writes a delimiter
   * for every cell, so a short record lost its end (an export cut mid-line, a broken writer).
   * `trailing-empty`: xlsx stores no empty cells, so a row without its last cells has them empty.
   */
  shortRecords: 'cut' | 'trailing-empty';
  /**
   * The records after the header, one at a time. `records` and `batches` are two views of ONE
   * stream: read one of them, once.
   */
  records: AsyncIterable<TableRecord>;
  /**
   * The same records in arrays of one or more (CSV: the records of one chunk read from the file),
   * for consumers that handle many records per `await`: the per-record promise and microtask of
   * `records` are a measurable part of a 100k-row extract.
   */
  batches: AsyncIterable<readonly TableRecord[]>;
  /** Problems found while reading (malformed rows, undecodable bytes); filled as records stream. */
  issues: DataIssue[];
  /**
   * False when the decoded text is known to hold no U+FFFD, NUL, control or invisible format
   * character (checked natively while reading; model/invisible-characters.ts), so the menu built
   * from it need not be searched for them; ask after the records.
   * Absent: unknown (xlsx).
   */
  textMayBeGarbled?: () => boolean;
}

/** A whole JSON document, or the JSON-LD of an HTML page (small enough to hold in memory). */
export interface DocumentSource {
  kind: 'document';
  file: string;
  document: unknown;
  encoding?: string;
  encodingReason?: string;
  issues: DataIssue[];
  /** As on TableSource. */
  textMayBeGarbled?: () => boolean;
  /**
   * Numbers a double cannot hold exactly (`9007199254740993`), by JSON path (`$.items[3].id`), with
   * their source text, which replaces them in `document`: read as text they are what the file
   * says; read as money they are an error (json/inexact-numbers.ts).
   */
  inexactNumbers?: ReadonlyMap<string, string>;
}

export type Source = TableSource | DocumentSource;

/** How to read one input; every field optional, detected when absent. Comes from the mapping. */
export interface ReadOptions {
  format?: 'csv' | 'xlsx' | 'json' | 'html';
  /** CSV only. */
  delimiter?: ',' | ';' | '\t' | '|';
  /** CSV and JSON: any label of the WHATWG Encoding Standard (csv/encoding-labels.ts), latin1, macroman. */
  encoding?: string;
  /** Where `encoding` was set, for the summary line (`--encoding`, `the mapping`). */
  encodingOrigin?: string;
  /** 1-based header row, or detect: the first row containing all of `headerHints` (case-insensitive). */
  headerRow?: number;
  headerHints?: string[];
  /** CSV only: rows may end with more cells than the header when those cells are empty (no warning). */
  allowTrailingEmptyCells?: boolean;
  /** xlsx only: sheet name or 1-based index. */
  sheet?: string | number;
  /** Resource bounds (not from the mapping: the command line or the config); defaults when absent. */
  limits?: InputLimits;
  /** How the caller names the encoding override in messages (`--encoding`); default the library's `encoding`. */
  encodingName?: string;
}

/** The contract every format folder implements (src/extract/<format>/index.ts), listed in registry.ts. */
export interface Extractor {
  format: 'csv' | 'xlsx' | 'json' | 'html';
  /** File name extensions this extractor claims, lower-case, with the dot. */
  extensions: string[];
  open(file: string, options: ReadOptions): Promise<Source>;
}

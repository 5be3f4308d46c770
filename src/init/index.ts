import path from 'node:path';
import { inCallersWords, InvalidInputError } from '../errors.js';
import type { CellValue, Source, TableSource } from '../extract/types.js';
import { listSheets, openSource } from '../extract/registry.js';
import { resolveMappingFile, SHIPPED_MAPPINGS_DIR } from '../mapping/loader.js';
import { documentStarter } from './document-starter.js';
import { genericStarter, optionLikeColumns, unplacedColumns } from './generic-starter.js';
import { guessColumns, type ColumnGuesses } from './guess-columns.js';
import { knownFormats, type KnownFormats } from './known-formats.js';
import { recognizeDocument, recognizeHeaders, type Recognition } from './recognize.js';
import { shippedStarter } from './shipped-starter.js';
import type { StarterUsage } from './starter-usage.js';
import { OPTION_NAMES, type ReadNames } from '../model/setting-names.js';

export type { Recognition } from './recognize.js';
export { recognizeDocument, recognizeHeaders } from './recognize.js';
export { FormatFileError, knownFormats, parseFormatFile } from './known-formats.js';

export interface InitRequest {
  input: string;
  /** Where the starter will be written (for the `$schema` path); absent: printed, relative to cwd. */
  out?: string;
  cwd?: string;
  /** How the starter's comments tell to run it (the CLI's words); absent: those lines are left out. */
  usage?: StarterUsage;
  /** How the caller names the encoding and the input limits in messages; default the library's. */
  names?: ReadNames;
}

export interface InitResult {
  /** Absent when no known format matched and the starter is the generic one. */
  recognition?: Recognition;
  /** What the starter is: a copy of a shipped mapping, a generic table or document mapping. */
  starter: 'shipped' | 'table' | 'document';
  /** The starter mapping, YAML text. */
  yaml: string;
  /** What the user must look at before the first run (columns left unread, options not set up). */
  warnings: string[];
}

/** Records sampled to tell a filled column from an empty one in the generic guesses. */
const SAMPLE_RECORDS = 20;

/** Reads the input's headers (or JSON shape) and writes a starter mapping for it. */
export async function initMapping(request: InitRequest): Promise<InitResult> {
  // The format files first: a broken one is reported before the input is opened.
  const formats = await knownFormats();
  const names = request.names ?? OPTION_NAMES;
  const source = await openSource(request.input, { encodingName: names.encoding }).catch((error: unknown) => {
    throw inCallersWords(error, names);
  });
  const usage = request.usage ? { usage: request.usage } : {};
  const schemaRef = schemaReference(request);
  const recognition = recognize(source, formats);
  if (recognition) {
    const shipped = await resolveMappingFile(recognition.format.mapping);
    return {
      recognition,
      starter: 'shipped',
      yaml: shippedStarter(recognition, shipped.text, { input: request.input, schemaRef, ...usage }),
      warnings: [],
    };
  }
  if (source.kind === 'document') {
    const shape = describeShape(source.document);
    const yaml = documentStarter({
      input: request.input,
      document: source.document,
      schemaRef,
      shape,
      ...usage,
    });
    return { starter: 'document', yaml, warnings: [] };
  }
  assertHasHeader(request.input, source);
  const samples = await sampleRecords(source);
  const xlsx = /\.xlsx$/i.test(request.input);
  // A Clover-style workbook keeps modifier groups on another sheet: the starter names them.
  const otherSheets = xlsx ? (await listSheets(request.input)).filter((s) => s !== source.sheet) : [];
  const guesses = guessColumns(source.headers, samples);
  const encoding = legacyEncoding(source);
  return {
    starter: 'table',
    warnings: [
      ...(encoding
        ? [
            `${request.input} is not UTF-8: read as ${encoding.name} (${encoding.reason}); the starter sets encoding: ${encoding.name}`,
          ]
        : []),
      ...tableWarnings(source.headers, guesses),
    ],
    yaml: genericStarter({
      input: request.input,
      headers: source.headers,
      guesses,
      format: xlsx ? 'xlsx' : 'csv',
      ...(source.sheet !== undefined ? { sheet: source.sheet } : {}),
      otherSheets,
      headerRow: source.headerRow,
      schemaRef,
      ...(encoding ? { encoding } : {}),
      ...usage,
    }),
  };
}

/** The encoding detection chose for a CSV in a legacy code page, to write into the starter. */
function legacyEncoding(source: TableSource): { name: string; reason: string } | undefined {
  const { encoding, encodingReason } = source;
  if (encoding === undefined || encoding.startsWith('utf-')) return undefined;
  return { name: encoding, reason: encodingReason ?? 'detected' };
}

function tableWarnings(headers: readonly string[], guesses: ColumnGuesses): string[] {
  const unplaced = unplacedColumns(headers, guesses);
  const optionLike = optionLikeColumns(headers, guesses);
  const quote = (list: readonly string[]) => list.map((h) => JSON.stringify(h)).join(', ');
  return [
    ...(unplaced.length > 0 ? [`${unplaced.length} column(s) no rule reads: ${quote(unplaced)}`] : []),
    ...(optionLike.length > 0
      ? [
          `${quote(optionLike)} look like sizes or options, but the starter sets up none (see the WARNING in it)`,
        ]
      : []),
  ];
}

/**
 * A generic starter built on a guessed-at first row maps nothing; better to say the file is not an
 * export than to write a mapping that looks plausible and is not.
 */
function assertHasHeader(input: string, source: TableSource): void {
  const noHeader = source.issues.find((issue) => issue.code === 'header-not-found');
  if (!noHeader && source.headers.some((header) => header.trim() !== '')) return;
  // An empty file is refused before (empty-export.ts); a sheet or a long file without rows says it the same way.
  const what =
    source.headers.length === 0
      ? `${input}: the export is empty (no header and no records)`
      : `${input} has no header row: not a CSV, XLSX or JSON export`;
  throw new InvalidInputError(what, {
    hint: 'give the POS export itself (a table whose first rows hold column names); see docs/mapping-format.md to write a mapping by hand',
  });
}

function recognize(source: Source, formats: KnownFormats): Recognition | undefined {
  return source.kind === 'table'
    ? recognizeHeaders(source.headers, formats.table)
    : recognizeDocument(source.document, formats.document);
}

async function sampleRecords(source: TableSource): Promise<CellValue[][]> {
  const samples: CellValue[][] = [];
  // Leaving the loop early closes the underlying stream (the iterator's return()).
  for await (const record of source.records) {
    samples.push(record.cells);
    if (samples.length >= SAMPLE_RECORDS) break;
  }
  return samples;
}

/** How the written file points at the shipped JSON Schema, for editor completion. */
function schemaReference(request: InitRequest): string {
  const schema = path.join(SHIPPED_MAPPINGS_DIR, 'mapping.schema.json');
  const cwd = request.cwd ?? process.cwd();
  const from = request.out ? path.dirname(path.resolve(cwd, request.out)) : cwd;
  const relative = path.relative(from, schema).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

function describeShape(document: unknown): string {
  if (Array.isArray(document)) return `an array of ${document.length}`;
  if (typeof document === 'object' && document !== null) {
    return `keys: ${Object.keys(document).slice(0, 10).join(', ') || 'none'}`;
  }
  return typeof document;
}

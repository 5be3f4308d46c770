import { extname } from 'node:path';
import { InvalidInputError } from '../errors.js';
import { csvExtractor } from './csv/index.js';
import { assertNotEmpty } from './empty-export.js';
import { assertReadableFile, readBytes } from './file-access.js';
import { inputLimits } from './input-limits.js';
import { htmlExtractor } from './html/index.js';
import { jsonExtractor } from './json/index.js';
import type { Extractor, ReadOptions, Source } from './types.js';
import { xlsxExtractor } from './xlsx/index.js';

export { listSheets } from './xlsx/index.js';

/** Every input format, one line each: a new format is a new folder and a line here. */
export const extractors: readonly Extractor[] = [csvExtractor, xlsxExtractor, jsonExtractor, htmlExtractor];

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * Format by content: a zip is an xlsx, `{`/`[` after a BOM and blanks is JSON, `<!doctype html`,
 * `<html` or `<script` is an HTML page (a menu page saved without its extension), else delimited text.
 */
export function sniffFormat(head: Uint8Array): Extractor['format'] {
  if (ZIP_MAGIC.every((byte, index) => head[index] === byte)) return 'xlsx';
  const text = new TextDecoder('utf-8').decode(head.subarray(0, 256)).replace(/^\uFEFF?\s*/, '');
  if (/^<(?:!doctype\s+html|html|head|script)[\s>]/i.test(text)) return 'html';
  return text.startsWith('{') || text.startsWith('[') ? 'json' : 'csv';
}

/** Spreadsheet formats we cannot read but users will try; a clear "save as" beats CSV garbage. */
const UNSUPPORTED: Record<string, string> = {
  '.xls': 'an Excel 97-2003 workbook',
  '.xlsb': 'a binary Excel workbook',
  '.ods': 'an OpenDocument spreadsheet',
  '.numbers': 'a Numbers document',
};
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

function unsupported(file: string, what: string): InvalidInputError {
  return new InvalidInputError(`Cannot read ${file}: it is ${what}`, {
    hint: 'Save it as .xlsx or .csv (UTF-8) and run again.',
  });
}

/** The extractor for a file: options.format, else its extension, else its first bytes. */
export async function chooseExtractor(file: string, options: ReadOptions = {}): Promise<Extractor> {
  const byFormat = options.format && extractors.find((extractor) => extractor.format === options.format);
  if (byFormat) return byFormat;
  const extension = extname(file).toLowerCase();
  const byExtension = extractors.find((extractor) => extractor.extensions.includes(extension));
  if (byExtension) return byExtension;
  await assertReadableFile(file, inputLimits(options.limits).maxInputBytes);
  const what = UNSUPPORTED[extension];
  if (what) throw unsupported(file, what);
  const head = await readBytes(file, 512);
  if (OLE_MAGIC.every((byte, index) => head[index] === byte))
    throw unsupported(file, 'an Excel 97-2003 (OLE) file');
  const format = sniffFormat(head);
  return extractors.find((extractor) => extractor.format === format) ?? csvExtractor;
}

/**
 * Opens one input as a Source. A missing, unreadable or empty file is an InvalidInputError naming
 * it; data problems inside a readable file become `source.issues`.
 */
export async function openSource(file: string, options: ReadOptions = {}): Promise<Source> {
  // Before anything reads a byte: a device or a huge file is refused whatever its extension.
  const size = await assertReadableFile(file, inputLimits(options.limits).maxInputBytes);
  await assertNotEmpty(file, size);
  const extractor = await chooseExtractor(file, options);
  return extractor.open(file, options);
}

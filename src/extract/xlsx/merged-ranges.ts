import { assertReadableFile } from '../file-access.js';
import { DEFAULT_INPUT_LIMITS, type InputLimits } from '../input-limits.js';
import { SheetCellCount } from './sheet-cell-count.js';
import { listZipEntries, openZipEntry, readZipText, type ZipEntry } from './zip-entries.js';

/** A merged range, 1-based and inclusive. */
export interface MergedRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n;
}

export function parseRange(ref: string): MergedRange | undefined {
  const match = /^\$?([A-Za-z]+)\$?(\d+):\$?([A-Za-z]+)\$?(\d+)$/.exec(ref);
  if (!match) return undefined;
  const [, left = '', top = '', right = '', bottom = ''] = match;
  return { top: Number(top), left: columnNumber(left), bottom: Number(bottom), right: columnNumber(right) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An attribute's value with XML's five named entities decoded (sheet names may hold `&`). */
function attribute(tag: string, name: string): string | undefined {
  const raw = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return raw?.replace(/&(amp|lt|gt|quot|apos);/g, (_, entity: string) => ENTITIES[entity] ?? '');
}

/** Chooses a sheet by its name and 1-based position in workbook order. */
export type SheetPick = (name: string, position: number) => boolean;

/** A sheet's name and zip path, through workbook.xml (name -> r:id) and its rels (r:id -> target). */
async function sheetPath(
  file: string,
  entries: ZipEntry[],
  pick: SheetPick,
  maxBytes: number,
): Promise<{ name: string; path: string } | undefined> {
  const byName = (name: string): ZipEntry | undefined => entries.find((entry) => entry.name === name);
  const workbook = await readZipText(file, byName('xl/workbook.xml'), maxBytes);
  const rels = await readZipText(file, byName('xl/_rels/workbook.xml.rels'), maxBytes);
  if (!workbook || !rels) return undefined;
  const sheets = [...workbook.matchAll(/<(?:\w+:)?sheet\s[^>]*>/g)];
  const sheet = sheets.find((tag, i) => pick(attribute(tag[0], 'name') ?? '', i + 1));
  const name = sheet && attribute(sheet[0], 'name');
  const id = sheet && attribute(sheet[0], 'r:id');
  const rel = [...rels.matchAll(/<Relationship\s[^>]*>/g)].find((tag) => attribute(tag[0], 'Id') === id);
  const target = rel && attribute(rel[0], 'Target');
  if (name === undefined || !target) return undefined;
  return { name, path: target.startsWith('/') ? target.slice(1) : `xl/${target}` };
}

const MERGE_CELL = Buffer.from('mergeCell', 'latin1');
// Longer than any <mergeCell ref="..."/> tag, so a tag split across chunks is seen whole.
const CARRY_BYTES = 200;

/** The merged ranges of the sheet called `sheetName` (exactly). */
export async function readMergedRanges(
  file: string,
  sheetName: string,
  limits: InputLimits = DEFAULT_INPUT_LIMITS,
): Promise<MergedRange[]> {
  return (await readSheetMerges(file, (name) => name === sheetName, limits))?.ranges ?? [];
}

/**
 * The merged ranges of the first sheet `pick` accepts, with that sheet's name. exceljs's streaming
 * reader parses `<mergeCell>` and drops it, so we inflate the sheet's XML from the zip once more and
 * scan for the tags (no XML tree: memory stays flat however big the sheet). Undefined when the
 * workbook cannot be read this way. Independent of exceljs, so it can run while exceljs opens the
 * workbook: the inflating happens on libuv's thread pool.
 *
 * The same pass enforces the sheet's limits (inflated size, cells: an InputLimitError), which
 * read-xlsx.ts awaits before exceljs parses the first row.
 */
export async function readSheetMerges(
  file: string,
  pick: SheetPick,
  limits: InputLimits = DEFAULT_INPUT_LIMITS,
): Promise<{ sheetName: string; ranges: MergedRange[] } | undefined> {
  const entries = await listZipEntries(file, await assertReadableFile(file, limits.maxInputBytes));
  if (!entries) return undefined;
  const sheet = await sheetPath(file, entries, pick, limits.maxInflatedBytes);
  const entry = sheet && entries.find((candidate) => candidate.name === sheet.path);
  const stream = entry && (await openZipEntry(file, entry, limits.maxInflatedBytes));
  if (!sheet || !stream) return undefined;
  const ranges: MergedRange[] = [];
  const cells = new SheetCellCount(file, limits.maxCells);
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of stream) {
    const bytes = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    cells.feed(bytes, carry.length);
    // Nearly every chunk is cell data: a byte search skips decoding it to text for the regex.
    if (bytes.indexOf(MERGE_CELL) < 0) {
      carry = Buffer.from(bytes.subarray(Math.max(0, bytes.length - CARRY_BYTES)));
      continue;
    }
    const text = bytes.toString('latin1');
    const tags = /<(?:\w+:)?mergeCell\s[^>]*>/g;
    let last = 0;
    for (let match = tags.exec(text); match; match = tags.exec(text)) {
      const range = parseRange(attribute(match[0], 'ref') ?? '');
      if (range) ranges.push(range);
      last = tags.lastIndex;
    }
    // Keep an unfinished tag for the next chunk.
    carry = Buffer.from(text.slice(Math.max(last, text.length - CARRY_BYTES)), 'latin1');
  }
  return { sheetName: sheet.name, ranges };
}

import { DEFAULT_INPUT_LIMITS, type InputLimits } from '../input-limits.js';
import { SheetCellCount } from './sheet-cell-count.js';
import { attribute } from './xml-text.js';
import { openZipEntry, type ZipEntry } from './zip-entries.js';

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

const MERGE_CELL = Buffer.from('mergeCell', 'latin1');
// Longer than any <mergeCell ref="..."/> tag, so a tag split across chunks is seen whole.
const CARRY_BYTES = 200;

/**
 * The merged ranges of a sheet, read from its XML in the zip: `<mergeCell>` tags come after all
 * the rows, and a merged range fills cells of rows read before it, so they are found first in a
 * pass of their own that scans bytes for the tags (no XML tree: memory stays flat however big the
 * sheet). The inflating happens on libuv's thread pool.
 *
 * The same pass enforces the sheet's limits (inflated size, cells: an InputLimitError) before a
 * row is parsed (sheet-cell-count.ts). Undefined when the part cannot be opened.
 */
export async function readSheetMerges(
  file: string,
  entry: ZipEntry,
  limits: InputLimits = DEFAULT_INPUT_LIMITS,
): Promise<MergedRange[] | undefined> {
  const stream = await openZipEntry(file, entry, limits.maxInflatedBytes);
  if (!stream) return undefined;
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
  return ranges;
}

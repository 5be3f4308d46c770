import type { InputLimits } from '../input-limits.js';
import { count, InputLimitError } from '../input-limits.js';
import { countSharedStrings } from './shared-strings-scan.js';
import { openZipEntry, tooBig, type ZipEntry } from './zip-entries.js';

/**
 * Every part's declared size against the limit, from the central directory, before any part is
 * inflated (a lie is caught again while inflating: openZipEntry counts).
 */
export function checkDeclaredSizes(file: string, entries: readonly ZipEntry[], limits: InputLimits): void {
  for (const entry of entries) {
    if (entry.uncompressedSize > limits.maxInflatedBytes)
      throw tooBig(file, entry, limits.maxInflatedBytes, entry.uncompressedSize);
  }
}

/**
 * The shared strings are read whole and kept (shared-strings.ts), so they are counted first, by
 * entry and by the length of each, without keeping any: a bomb stops here.
 */
export async function checkSharedStrings(file: string, entry: ZipEntry, limits: InputLimits): Promise<void> {
  const stream = await openZipEntry(file, entry, limits.maxInflatedBytes);
  if (!stream) return;
  const found = await countSharedStrings(stream, {
    maxStrings: limits.maxSharedStrings,
    maxStringBytes: maxStringBytes(limits.maxCellChars),
  });
  stream.destroy();
  if (found.kind === 'too-many') {
    throw new InputLimitError(
      file,
      'maxSharedStrings',
      `more than ${count(limits.maxSharedStrings)} shared strings`,
    );
  }
  if (found.kind === 'too-long') {
    throw new InputLimitError(
      file,
      'maxCellChars',
      `shared string ${count(found.index)} is ${count(found.bytes)} bytes of XML, more than ${count(limits.maxCellChars)} characters can take`,
    );
  }
}

/**
 * A shared string's XML carries markup (rich-text runs, entities) and UTF-8 takes up to 4 bytes a
 * character: 8 bytes a character is room for all that, and still bounds what the shared-strings
 * table (shared-strings.ts) holds. The exact character count is checked per cell as rows are read.
 */
export function maxStringBytes(maxCellChars: number): number {
  return maxCellChars * 8 + 64;
}

import type { InputLimits } from '../input-limits.js';
import { count, InputLimitError } from '../input-limits.js';
import { countSharedStrings } from './shared-strings-scan.js';
import { listZipEntries, openZipEntry, tooBig, type ZipEntry } from './zip-entries.js';

const SHARED_STRINGS = /^xl\/sharedStrings\.xml$/i;
// Worksheets are checked by the sheet's own pass (merged-ranges.ts, sheet-cell-count.ts); the
// rest is what exceljs reads eagerly.
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;

/**
 * Checks an .xlsx against the limits before exceljs opens it. exceljs inflates and parses the
 * shared strings (every one kept in memory) and the styles while it walks the zip, before any
 * sheet is handed over, so a bomb there must be stopped first: declared sizes are checked, then
 * every such part is inflated here, counted and dropped (the shared strings also counted by
 * entry and by length). Unreadable zips pass: exceljs then says what is wrong.
 */
export async function checkWorkbookParts(file: string, size: number, limits: InputLimits): Promise<void> {
  const entries = await listZipEntries(file, size);
  if (!entries) return;
  for (const entry of entries) {
    if (entry.uncompressedSize > limits.maxInflatedBytes)
      throw tooBig(file, entry, limits.maxInflatedBytes, entry.uncompressedSize);
  }
  await Promise.all(
    entries
      .filter((entry) => !WORKSHEET.test(entry.name))
      .map((entry) =>
        SHARED_STRINGS.test(entry.name)
          ? checkSharedStrings(file, entry, limits)
          : drain(file, entry, limits),
      ),
  );
}

async function drain(file: string, entry: ZipEntry, limits: InputLimits): Promise<void> {
  const stream = await openZipEntry(file, entry, limits.maxInflatedBytes);
  if (!stream) return;
  for await (const _chunk of stream) {
    // Counting happens in openZipEntry; the bytes themselves are not needed.
  }
}

async function checkSharedStrings(file: string, entry: ZipEntry, limits: InputLimits): Promise<void> {
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
 * character: 8 bytes a character is room for all that, and still bounds what exceljs holds. The
 * exact character count is checked per cell as rows are read.
 */
export function maxStringBytes(maxCellChars: number): number {
  return maxCellChars * 8 + 64;
}

import { InvalidInputError } from '../errors.js';
import { readBytes } from './file-access.js';

// An export with nothing in it is refused before any format reads it, with one wording for CSV,
// JSON and .xlsx: otherwise each reader said something of its own ("none of the first 50 rows
// contains all header hints", "Unexpected end of JSON input", "not a zip file").

/** Files up to this size are read whole to tell blank from empty; a larger one is never blank. */
const BLANK_SCAN_BYTES = 64 * 1024;

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/** Nothing but a byte order mark, spaces, tabs and line breaks (NULs too after a UTF-16 one). */
export function isBlank(bytes: Uint8Array): boolean {
  let from = 0;
  let utf16 = false;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) from = 3;
  else if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    from = 2;
    utf16 = true;
  }
  for (let i = from; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === SPACE || byte === TAB || byte === LF || byte === CR || (utf16 && byte === 0)) continue;
    return false;
  }
  return true;
}

/** Throws an InvalidInputError (exit 2) saying "the export is empty" for a file of `size` bytes holding nothing. */
export async function assertNotEmpty(file: string, size: number): Promise<void> {
  if (size > BLANK_SCAN_BYTES) return;
  if (size > 0 && !isBlank(await readBytes(file, size))) return;
  throw new InvalidInputError(
    `${file}: the export is empty (${size === 0 ? 'no bytes' : 'only blank lines'})`,
    {
      hint: 'export the menu from the POS again: a file without a header or any rows cannot be read',
    },
  );
}

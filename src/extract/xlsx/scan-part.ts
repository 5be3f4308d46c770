import { DEFAULT_INPUT_LIMITS } from '../input-limits.js';
import { openZipEntry, type ZipEntry } from './zip-entries.js';
import { XmlScanner, type XmlHandler } from './xml-scanner.js';

/**
 * Streams one part of the workbook through `handler`, inflating at most `maxBytes` (an
 * InputLimitError past that). Once the handler is done the rest is only read through, not
 * scanned, so the part's CRC-32 and size are still checked (the styles part is read once).
 * False when the part cannot be opened (an unknown compression method, a broken local header).
 */
export async function scanPart(
  file: string,
  entry: ZipEntry,
  maxBytes: number,
  handler: XmlHandler,
): Promise<boolean> {
  const stream = await openZipEntry(file, entry, maxBytes);
  if (!stream) return false;
  const scanner = new XmlScanner(handler, `${file}: ${entry.name}`);
  try {
    let scanning = true;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (scanning) scanning = scanner.write(chunk);
    }
    if (scanning) scanner.end();
    return true;
  } finally {
    stream.destroy();
  }
}

/** Checks a part's XML and keeps nothing: what the scanner itself refuses (a DTD, an undefined entity). */
const CHECK_ONLY: XmlHandler = { open() {}, close() {}, text() {}, cdata() {} };

/**
 * A small part (workbook.xml, rels) as text, read whole for the regular expressions of
 * workbook-info.ts, and scanned on the way so it is refused as every other part is.
 */
export async function readZipText(
  file: string,
  entry: ZipEntry | undefined,
  maxBytes: number = DEFAULT_INPUT_LIMITS.maxInflatedBytes,
): Promise<string | undefined> {
  if (!entry) return undefined;
  const chunks: Buffer[] = [];
  const stream = await openZipEntry(file, entry, maxBytes);
  if (!stream) return undefined;
  const scanner = new XmlScanner(CHECK_ONLY, `${file}: ${entry.name}`);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    scanner.write(chunk);
    chunks.push(chunk);
  }
  scanner.end();
  return Buffer.concat(chunks).toString('utf8');
}

import { openZipEntry, type ZipEntry } from './zip-entries.js';
import { XmlScanner, type XmlHandler } from './xml-scanner.js';

/**
 * Streams one part of the workbook through `handler`, inflating at most `maxBytes` (an
 * InputLimitError past that); stops reading once the handler is done. False when the part
 * cannot be opened (an unknown compression method, a broken local header).
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
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (!scanner.write(chunk)) return true;
    }
    scanner.end();
    return true;
  } finally {
    stream.destroy();
  }
}

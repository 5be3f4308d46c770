import type { InputLimits } from '../input-limits.js';
import type { OpenSheet } from './open-sheet.js';
import { SheetRowsReader, type SheetRow } from './sheet-rows.js';
import { maxStringBytes } from './workbook-limits.js';
import { XmlScanner } from './xml-scanner.js';
import { openZipEntry } from './zip-entries.js';

/**
 * The sheet's rows, a batch per chunk of inflated XML (a promise per chunk, not per row). Stops
 * reading at `</sheetData>`; a consumer that stops early closes the file.
 */
export async function* sheetRowBatches(sheet: OpenSheet, limits: InputLimits): AsyncGenerator<SheetRow[]> {
  const stream = await openZipEntry(sheet.file, sheet.entry, limits.maxInflatedBytes);
  if (!stream) throw new Error(`cannot open ${sheet.entry.name} (unknown compression)`);
  const reader = new SheetRowsReader({
    file: sheet.file,
    strings: sheet.strings,
    kinds: sheet.kinds,
    date1904: sheet.date1904,
    maxCellBytes: maxStringBytes(limits.maxCellChars),
    maxCellChars: limits.maxCellChars,
  });
  const scanner = new XmlScanner(reader, `${sheet.file}: ${sheet.entry.name}`);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const more = scanner.write(chunk);
      const rows = reader.take();
      if (rows.length > 0) yield rows;
      if (!more) return;
    }
    scanner.end();
    const rows = reader.take();
    if (rows.length > 0) yield rows;
  } finally {
    stream.destroy();
  }
}

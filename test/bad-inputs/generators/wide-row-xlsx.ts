import { writeFile } from 'node:fs/promises';
import { bombPart, SHEET_HEAD, SHEET_TAIL, workbookParts, zip } from './deflate-bomb-xlsx.js';

/**
 * One sheet row of ~33 million cells (a ~0.5 MB file, ~900 MB of XML; the zip claims 1,000 bytes):
 * exceljs builds a row whole, so it must be refused before exceljs parses it.
 */
export async function generate(tmp: string): Promise<void> {
  const sheet = bombPart('xl/worksheets/sheet1.xml', {
    head: `${SHEET_HEAD}<row r="1">`,
    unit: '<c t="n"><v>1</v></c>',
    count: 65_536 * 512,
    tail: `</row>${SHEET_TAIL}`,
  });
  await writeFile(`${tmp}/wide.xlsx`, zip(workbookParts({ ...sheet, declaredSize: 1000 })));
}

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listSheets, readXlsx } from '../../src/extract/xlsx/read-xlsx.js';
import { initMapping } from '../../src/init/index.js';
import { testTempDir } from '../helpers/temp-dir.js';

// exceljs's writer puts xl/workbook.xml after the sheets (exceljs's own streaming reader lost that
// last entry 1-2 opens in 40). Parts are found by name in the zip's directory, whatever their order.
describe('a workbook whose workbook.xml is the last zip entry', () => {
  it('opens every time, by name and for its sheet list', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Items').addRows([
      ['Name', 'Price'],
      ['Latte', 3.5],
    ]);
    workbook.addWorksheet('Modifier Groups').addRows([['Group'], ['Milk']]);
    const file = path.join(testTempDir('workbook-last'), 'book.xlsx');
    writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()));
    for (let i = 0; i < 40; i++) {
      expect(await listSheets(file)).toEqual(['Items', 'Modifier Groups']);
      const source = await readXlsx(file, { sheet: 'Modifier Groups' });
      expect(source.headers).toEqual(['Group']);
      // init samples a few rows, stops reading, then lists the sheets: the sequence that failed most.
      const starter = await initMapping({ input: file, out: path.join(path.dirname(file), 'm.yaml') });
      expect(starter.yaml).toContain('Modifier Groups');
    }
  });
});

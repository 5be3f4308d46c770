import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { listSheets, openSource } from '../../src/extract/registry.js';
import { asTable, readAll, tempDir } from './helpers.js';

const write = tempDir();

/** A small Clover-style workbook written with exceljs itself: items and modifier groups. */
async function writeWorkbook(name: string): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const items = workbook.addWorksheet('Items');
  items.getCell('A1').value = 'Acme Café — item export';
  items.getRow(3).values = ['Name', 'Price', 'Double', 'Since', 'Link', 'Notes', 'Code'];
  items.getRow(4).values = [
    'Tea',
    2.5,
    { formula: 'B4*2', result: 5 },
    new Date(Date.UTC(2024, 0, 15)),
    { text: 'Menu page', hyperlink: 'https://example.com/tea' },
    { richText: [{ text: 'Hot ' }, { font: { bold: true }, text: 'tea' }] },
    '00123',
  ];
  items.getCell('A5').value = 'Coffee';
  items.getCell('B5').value = '3.50';
  items.getCell('D5').value = new Date(Date.UTC(2024, 1, 1, 13, 30));
  items.getCell('F5').value = 'Seasonal';
  items.mergeCells('F5:F6');
  items.getCell('A6').value = 'Cake';
  items.getCell('B6').value = 4;
  const groups = workbook.addWorksheet('Modifier Groups');
  groups.addRow(['Group', 'Option', 'Price']);
  groups.addRow(['Milk', 'Oat', 0.5]);
  groups.addRow(['Milk', 'Soy', 0.4]);
  return write(name, Buffer.from(await workbook.xlsx.writeBuffer()));
}

describe('xlsx extractor', () => {
  it('lists the sheets in workbook order', async () => {
    expect(await listSheets(await writeWorkbook('list.xlsx'))).toEqual(['Items', 'Modifier Groups']);
  });

  it('finds the header on row 3 and converts formulas, dates, links, rich text and text numbers', async () => {
    const source = asTable(await openSource(await writeWorkbook('items.xlsx')));
    expect(source).toMatchObject({ kind: 'table', sheet: 'Items', headerRow: 3 });
    expect(source.headers).toEqual(['Name', 'Price', 'Double', 'Since', 'Link', 'Notes', 'Code']);
    const records = await readAll(source);
    expect(records[0]).toEqual({
      row: 4,
      cells: ['Tea', 2.5, 5, '2024-01-15', 'Menu page', 'Hot tea', '00123'],
    });
    // Sparse row: empty C5 and E5 stay in place as nulls; a text number stays text.
    expect(records[1]).toEqual({
      row: 5,
      cells: ['Coffee', '3.50', null, '2024-02-01T13:30:00.000Z', null, 'Seasonal'],
    });
  });

  it('gives every cell of a merged range the value of its top-left cell', async () => {
    const records = await readAll(await openSource(await writeWorkbook('merged.xlsx')));
    expect(records[2]).toEqual({ row: 6, cells: ['Cake', 4, null, null, null, 'Seasonal'] });
  });

  it('does not take a title merged across the top for the header', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Menu & Prices');
    sheet.getCell('A1').value = 'Summer menu';
    sheet.mergeCells('A1:C1');
    sheet.getRow(2).values = ['Category', 'Name', 'Price'];
    sheet.getRow(3).values = ['Drinks', 'Tea', 2];
    sheet.getRow(4).values = [null, 'Coffee', 3];
    sheet.mergeCells('A3:A4');
    const file = write('title.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const source = asTable(await openSource(file));
    expect(source).toMatchObject({
      sheet: 'Menu & Prices',
      headerRow: 2,
      headers: ['Category', 'Name', 'Price'],
    });
    expect((await readAll(source)).map((record) => record.cells)).toEqual([
      ['Drinks', 'Tea', 2],
      ['Drinks', 'Coffee', 3],
    ]);
  });

  it.each([['Modifier Groups'], [2], ['modifier groups']])(
    'opens another sheet of the same workbook by %j',
    async (sheet) => {
      const source = asTable(
        await openSource(await writeWorkbook(`groups-${String(sheet)}.xlsx`), { sheet }),
      );
      expect(source).toMatchObject({
        sheet: 'Modifier Groups',
        headerRow: 1,
        headers: ['Group', 'Option', 'Price'],
      });
      expect((await readAll(source)).map((record) => record.cells)).toEqual([
        ['Milk', 'Oat', 0.5],
        ['Milk', 'Soy', 0.4],
      ]);
    },
  );

  it('finds the header by hints', async () => {
    const source = asTable(
      await openSource(await writeWorkbook('hints.xlsx'), { headerHints: ['name', 'code'] }),
    );
    expect(source.headerRow).toBe(3);
  });

  it('names the available sheets when the wanted one is missing', async () => {
    const file = await writeWorkbook('missing-sheet.xlsx');
    await expect(openSource(file, { sheet: 'Prices' })).rejects.toThrow(
      /has no sheet "Prices"; its sheets are: "Items", "Modifier Groups"/,
    );
    await expect(openSource(file, { sheet: 3 })).rejects.toThrow(InvalidInputError);
  });

  it('turns a file that is not a workbook into InvalidInputError', async () => {
    const file = write('broken.xlsx', 'Name,Price\nTea,1\n');
    await expect(openSource(file)).rejects.toThrow(/Cannot read Excel workbook .*broken\.xlsx/);
  });
});

describe('xlsx batches', () => {
  it('hands a big sheet over in batches of many rows, the same records as one at a time', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Big');
    sheet.addRow(['Name', 'Price']);
    for (let r = 1; r <= 3000; r++) sheet.addRow([`Item ${r}`, r / 4]);
    const file = write('big.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const sizes: number[] = [];
    const rows: number[] = [];
    for await (const batch of asTable(await openSource(file, { sheet: 1 })).batches) {
      sizes.push(batch.length);
      for (const record of batch) rows.push(record.row);
    }
    expect(rows).toEqual(Array.from({ length: 3000 }, (_, i) => i + 2));
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    const one = await readAll(asTable(await openSource(file, { sheet: 'big' })));
    expect(one.map((record) => record.cells)).toEqual(rows.map((row) => [`Item ${row - 1}`, (row - 1) / 4]));
  });
});

describe('xlsx sheets passed over', () => {
  it('reads a later sheet without the skipped sheet failing afterwards (exceljs temp files)', async () => {
    const file = await writeWorkbook('later-sheet.xlsx');
    const failures: unknown[] = [];
    const onError = (error: unknown) => failures.push(error);
    process.on('uncaughtException', onError);
    try {
      const records = await readAll(await openSource(file, { sheet: 'Modifier Groups' }));
      expect(records.map((record) => record.cells[1])).toEqual(['Oat', 'Soy']);
      // The skipped sheet's stream used to fail with ENOENT a moment after its temp file was removed.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(failures).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { inputLimits } from '../../src/extract/input-limits.js';
import { openSheet } from '../../src/extract/xlsx/open-sheet.js';
import { tempDir } from './helpers.js';

const write = tempDir();

const mergesOf = async (file: string, sheet: string | number) => {
  const open = await openSheet(file, statSync(file).size, sheet, inputLimits(undefined));
  return { sheetName: open.name, ranges: open.merges };
};

describe('merged ranges read from the zip', () => {
  it('finds every range of a sheet whose XML spans many inflate chunks', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Big & Merged');
    // Enough cell data before <mergeCells> that the tags start far into the stream, and enough
    // tags that some are split across chunks.
    for (let r = 1; r <= 4000; r++) sheet.getRow(r).values = [`item ${r}`, r * 1.5, 'x'.repeat(20)];
    for (let r = 1; r <= 3999; r += 2) sheet.mergeCells(`C${r}:D${r + 1}`);
    const file = write('merged.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const { ranges } = await mergesOf(file, 'Big & Merged');
    expect(ranges).toHaveLength(2000);
    expect(ranges[0]).toEqual({ top: 1, left: 3, bottom: 2, right: 4 });
    expect(ranges[1999]).toEqual({ top: 3999, left: 3, bottom: 4000, right: 4 });
  });
});

describe('merged ranges of a sheet chosen by position or name', () => {
  it('names the sheet it read, whichever way it was chosen', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Cover').mergeCells('A1:C1');
    const items = workbook.addWorksheet('Items');
    items.getRow(1).values = ['Name', 'Price'];
    items.mergeCells('A2:B3');
    const file = write('two-sheets.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(await mergesOf(file, 2)).toEqual({
      sheetName: 'Items',
      ranges: [{ top: 2, left: 1, bottom: 3, right: 2 }],
    });
    expect(await mergesOf(file, 'COVER')).toEqual({
      sheetName: 'Cover',
      ranges: [{ top: 1, left: 1, bottom: 1, right: 3 }],
    });
    await expect(mergesOf(file, 'Nope')).rejects.toThrow(
      'has no sheet "Nope"; its sheets are: "Cover", "Items"',
    );
  });
});

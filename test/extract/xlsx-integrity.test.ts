import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { openSource } from '../../src/extract/registry.js';
import { part, workbookParts, zip, type ZipPart } from '../bad-inputs/generators/deflate-bomb-xlsx.js';
import { buildWorkbook, cell, row } from '../helpers/xlsx-workbook.js';
import { readAll, tempDir } from './helpers.js';

const write = tempDir();
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const ROWS =
  row(1, cell.inline('A1', 'Name'), cell.inline('B1', 'Price')) +
  row(2, cell.inline('A2', 'Latte'), '<c r="B2"><v>3.50</v></c>');
const SHEET = `<?xml version="1.0"?><worksheet xmlns="urn:main"><sheetData>${ROWS}</sheetData></worksheet>`;

/** The error reading `file` ends in, or its records when it reads. */
async function outcome(file: string): Promise<unknown> {
  return openSource(file)
    .then(readAll)
    .then((records) => records.map((record) => record.cells))
    .catch((error: unknown) => error);
}

/** A workbook around the sheet part `sheet` (deflated, with what its central directory says). */
const around = (name: string, sheet: ZipPart): string => write(name, zip(workbookParts(sheet)));

describe('every part is what was written: CRC-32 and size checked as it streams', () => {
  it('reads an intact workbook, stored or deflated', async () => {
    const stored = write(
      'stored.xlsx',
      buildWorkbook({ sheets: [{ name: 'Items', rows: ROWS }], stored: true }),
    );
    expect(await outcome(stored)).toEqual([['Latte', 3.5]]);
    expect(await outcome(around('deflated.xlsx', part('xl/worksheets/sheet1.xml', SHEET)))).toEqual([
      ['Latte', 3.5],
    ]);
  });

  it('refuses a stored part with one digit changed after it was written (3.50 -> 9.50)', async () => {
    const bytes = buildWorkbook({ sheets: [{ name: 'Items', rows: ROWS }], stored: true });
    bytes.write('9', bytes.indexOf('<v>3.50</v>') + 3, 'latin1');
    const error = await outcome(write('changed.xlsx', bytes));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(String(error)).toMatch(
      /changed\.xlsx: part xl\/worksheets\/sheet1\.xml is damaged: its CRC-32 is 0x[0-9a-f]{8}, the zip records 0x[0-9a-f]{8}/,
    );
  });

  it('refuses a deflated part whose CRC-32 is not the one recorded', async () => {
    const sheet = part('xl/worksheets/sheet1.xml', SHEET);
    const error = await outcome(around('crc.xlsx', { ...sheet, crc: sheet.crc ^ 1 }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(String(error)).toContain('crc.xlsx: part xl/worksheets/sheet1.xml is damaged: its CRC-32 is');
  });

  it('refuses a part that inflates to another size than the zip records', async () => {
    const sheet = part('xl/worksheets/sheet1.xml', SHEET);
    const error = await outcome(around('size.xlsx', { ...sheet, declaredSize: sheet.size + 1 }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(String(error)).toContain(
      `size.xlsx: part xl/worksheets/sheet1.xml is damaged: it holds ${sheet.size} bytes, the zip records ${sheet.size + 1}`,
    );
  });

  it('checks the styles part to its end, though its reader stops after the cell formats', async () => {
    const bytes = buildWorkbook({ sheets: [{ name: 'Items', rows: ROWS }], stored: true });
    // Past </cellXfs>: the part's last tag.
    const at = bytes.indexOf('</styleSheet>');
    bytes.write('S', at + 2, 'latin1');
    expect(String(await outcome(write('styles.xlsx', bytes)))).toContain('part xl/styles.xml is damaged');
  });
});

describe('a DTD or an undefined entity in a part is refused with one line', () => {
  const DTD = '<!DOCTYPE worksheet [<!ENTITY xxe "coffee">]>';

  it.each([
    ['the sheet', { prolog: DTD }, 'xl/worksheets/sheet1.xml: a DTD (<!DOCTYPE ...) is not allowed'],
    [
      'a name in the sheet',
      { latte: 'Latte &xxe;' },
      'xl/worksheets/sheet1.xml, row 2, column 1: undefined entity &xxe;',
    ],
    [
      'an attribute in the sheet',
      { attribute: ' x="&xxe;"' },
      'xl/worksheets/sheet1.xml, row 2, column 1: undefined entity &xxe;',
    ],
  ])('in %s', async (_, shape: { prolog?: string; latte?: string; attribute?: string }, message) => {
    const rows =
      row(1, cell.inline('A1', 'Name')) +
      `<row r="2"><c r="A2"${shape.attribute ?? ''} t="inlineStr"><is><t>${shape.latte ?? 'Latte'}</t></is></c></row>`;
    const file = write(
      'entity.xlsx',
      buildWorkbook({ sheets: [{ name: 'Items', rows, prolog: shape.prolog }] }),
    );
    const error = await outcome(file);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(String(error)).toContain(`entity.xlsx: ${message}`);
    expect(String(error).split('\n')).toHaveLength(1);
  });

  it('in the shared strings and in the workbook part', async () => {
    const strings = write(
      'strings.xlsx',
      buildWorkbook({
        sheets: [{ name: 'Items', rows: row(1, cell.shared('A1', 0)) + row(2, cell.shared('A2', 1)) }],
        sharedStrings: ['<si><t>Name</t></si>', '<si><t>Latte &xxe;</t></si>'],
      }),
    );
    expect(String(await outcome(strings))).toContain(
      'strings.xlsx: xl/sharedStrings.xml, shared string 1: undefined entity &xxe;',
    );
    const book = `<workbook xmlns="urn:main" xmlns:r="${REL}"><sheets><sheet name="Items &xxe;" sheetId="1" r:id="rId1"/></sheets></workbook>`;
    const parts = workbookParts(part('xl/worksheets/sheet1.xml', SHEET)).map((each) =>
      each.name === 'xl/workbook.xml' ? part(each.name, book) : each,
    );
    expect(String(await outcome(write('workbook.xlsx', zip(parts))))).toContain(
      'workbook.xlsx: xl/workbook.xml: undefined entity &xxe;',
    );
  });

  it('still reads the predefined entities, character references and a bare "&"', async () => {
    const rows =
      row(1, cell.inline('A1', 'Name')) +
      `<row r="2"><c r="A2" t="inlineStr"><is><t>Fish &amp; Chips &#233;&#xE9; &lt;&gt;&quot;&apos; Mac & Cheese</t></is></c></row>`;
    expect(
      await outcome(write('predefined.xlsx', buildWorkbook({ sheets: [{ name: 'Items', rows }] }))),
    ).toEqual([['Fish & Chips éé <>"\' Mac & Cheese']]);
  });
});

import { describe, expect, it } from 'vitest';
import { listSheets, openSource } from '../../src/extract/registry.js';
import { buildWorkbook, cell, row, type WorkbookSpec } from '../helpers/xlsx-workbook.js';
import { asTable, readAll, tempDir } from './helpers.js';

const write = tempDir();
let n = 0;
const open = async (spec: WorkbookSpec, options: { headerRow?: number } = {}) =>
  asTable(await openSource(write(`book-${++n}.xlsx`, buildWorkbook(spec)), { headerRow: 1, ...options }));

describe('Japanese text reads as written, not as its phonetic guide', () => {
  // Japanese Excel stores the kana reading of 漢字 in <rPh> runs beside the text (and a
  // <phoneticPr>); both shared and inline strings carry them.
  const phonetic = '<rPh sb="0" eb="2"><t>テンプラ</t></rPh><rPh sb="3" eb="5"><t>テイショク</t></rPh>';

  it('in shared strings, plain and rich text', async () => {
    const source = await open({
      sheets: [
        {
          name: 'Items',
          rows: row(1, cell.shared('A1', 0)) + row(2, cell.shared('A2', 1)) + row(3, cell.shared('A3', 2)),
        },
      ],
      sharedStrings: [
        '<si><t>Name</t></si>',
        `<si><t>天ぷら定食</t>${phonetic}<phoneticPr fontId="1"/></si>`,
        `<si><r><t>天ぷら</t></r><r><rPr><b/></rPr><t>定食</t></r>${phonetic}</si>`,
      ],
    });
    expect((await readAll(source)).map((record) => record.cells)).toEqual([['天ぷら定食'], ['天ぷら定食']]);
  });

  it('in inline strings', async () => {
    const source = await open({
      sheets: [
        {
          name: 'Items',
          rows:
            row(1, cell.inline('A1', 'Name')) +
            row(2, `<c r="A2" t="inlineStr"><is><t>天ぷら定食</t>${phonetic}</is></c>`),
        },
      ],
    });
    expect((await readAll(source))[0]?.cells).toEqual(['天ぷら定食']);
  });
});

describe('cached formula results read as cached', () => {
  const spec: WorkbookSpec = {
    sheets: [
      {
        name: 'Items',
        rows:
          row(
            1,
            cell.inline('A1', 'Name'),
            cell.inline('B1', 'Price'),
            cell.inline('C1', 'Available'),
            cell.inline('D1', 'Label'),
          ) +
          row(
            2,
            cell.inline('A2', 'Tea'),
            '<c r="B2"><f>C9*0</f><v>0</v></c>',
            '<c r="C2" t="b"><f>D9&gt;0</f><v>0</v></c>',
            '<c r="D2" t="str"><f>A2&amp;"!"</f><v>Tea!</v></c>',
          ) +
          row(
            3,
            cell.inline('A3', 'Cake'),
            '<c r="B3"><f>2+1.5</f><v>3.5</v></c>',
            '<c r="C3" t="b"><f>TRUE()</f><v>1</v></c>',
            '<c r="D3" t="str"><f>""</f><v></v></c>',
          ) +
          row(
            4,
            cell.inline('A4', 'Pie'),
            '<c r="B4" t="e"><f>VLOOKUP(A4,X:Y,2,0)</f><v>#N/A</v></c>',
            '<c r="C4" t="e"><v>#DIV/0!</v></c>',
            '<c r="D4"><f>NOW()</f></c>',
          ),
      },
    ],
  };

  it('keeps 0 as 0, TRUE/FALSE as booleans, text results as text, and an uncalculated formula empty', async () => {
    const records = await readAll(await open(spec));
    expect(records.map((record) => record.cells)).toEqual([
      ['Tea', 0, false, 'Tea!'],
      // A formula whose cached text is empty (`<v></v>`) is an empty cell, as openpyxl reads it.
      ['Cake', 3.5, true],
      ['Pie', '#N/A', '#DIV/0!'],
    ]);
  });

  it('makes every error result a located cell-error issue that blocks', async () => {
    const source = await open(spec);
    await readAll(source);
    expect(source.issues).toEqual([
      expect.objectContaining({
        code: 'cell-error',
        severity: 'error',
        location: expect.objectContaining({ sheet: 'Items', row: 4, column: 'Price' }),
        message: expect.stringContaining('#N/A'),
      }),
      expect.objectContaining({
        code: 'cell-error',
        severity: 'error',
        location: expect.objectContaining({ row: 4, column: 'Available' }),
        message: expect.stringContaining('#DIV/0!'),
      }),
    ]);
  });

  it('names an error cell past the header by its column letter, and ignores title rows above the header', async () => {
    const source = await open(
      {
        sheets: [
          {
            name: 'Items',
            rows:
              row(1, '<c r="A1" t="e"><v>#REF!</v></c>') +
              row(2, cell.inline('A2', 'Name')) +
              row(3, cell.inline('A3', 'Tea'), '<c r="C3" t="e"><v>#VALUE!</v></c>'),
          },
        ],
      },
      { headerRow: 2 },
    );
    await readAll(source);
    expect(source.issues.map((issue) => [issue.location.row, issue.location.column])).toEqual([[3, 'C']]);
  });
});

describe('a workbook whose sheet precedes xl/sharedStrings.xml in the zip', () => {
  const strings = Array.from({ length: 300 }, (_, i) => `<si><t>Item ${i}</t></si>`);
  const rows = Array.from({ length: 300 }, (_, i) =>
    row(i + 1, cell.shared(`A${i + 1}`, i), cell.number(`B${i + 1}`, i)),
  ).join('');

  it('reads every string, every time', async () => {
    const file = write(
      'strings-last.xlsx',
      buildWorkbook({
        sheets: [
          { name: 'Items', rows },
          { name: 'More', rows },
        ],
        sharedStrings: strings,
      }),
    );
    for (let i = 0; i < 25; i++) {
      const source = asTable(await openSource(file, { headerRow: 1, sheet: i % 2 ? 'More' : 1 }));
      expect(source.headers).toEqual(['Item 0', '0']);
      const records = await readAll(source);
      expect(records).toHaveLength(299);
      expect(records[298]).toEqual({ row: 300, cells: ['Item 299', 299] });
      expect(await listSheets(file)).toEqual(['Items', 'More']);
    }
  });

  it('says which shared string is missing instead of reading an empty cell', async () => {
    const file = write(
      'missing-string.xlsx',
      buildWorkbook({
        sheets: [{ name: 'Items', rows: row(1, cell.shared('A1', 0)) + row(2, cell.shared('A2', 7)) }],
        sharedStrings: ['<si><t>Name</t></si>'],
      }),
    );
    await expect(openSource(file, { headerRow: 1 }).then(readAll)).rejects.toThrow(
      /missing-string\.xlsx: row 2, column 1: shared string 7 is not in the workbook's table of 1/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { InputLimitError, inputLimits } from '../../src/extract/input-limits.js';
import { SharedStringsReader } from '../../src/extract/xlsx/shared-strings.js';
import { SheetRowsReader, type SheetRow } from '../../src/extract/xlsx/sheet-rows.js';
import { XmlScanner, type XmlHandler } from '../../src/extract/xlsx/xml-scanner.js';
import { buildWorkbook, cell, row } from '../helpers/xlsx-workbook.js';
import { openSource } from '../../src/extract/registry.js';
import { readAll, tempDir } from './helpers.js';

const write = tempDir();

/** `xml` through a scanner in chunks of `size` bytes: every token and UTF-8 sequence split somewhere. */
function feed(handler: XmlHandler, xml: string, size: number): void {
  const scanner = new XmlScanner(handler, 'test.xml');
  const bytes = Buffer.from(xml, 'utf8');
  for (let at = 0; at < bytes.length; at += size) if (!scanner.write(bytes.subarray(at, at + size))) return;
  scanner.end();
}

const CONTEXT = {
  file: 'book.xlsx',
  strings: ['shared'],
  kinds: [],
  date1904: false,
  maxCellBytes: 1000,
  maxCellChars: 100,
};

function readRows(xml: string, size: number): SheetRow[] {
  const reader = new SheetRowsReader(CONTEXT);
  const rows: SheetRow[] = [];
  const collect: XmlHandler = {
    open: (name, tag, selfClosing) => reader.open(name, tag, selfClosing),
    close: (name) => {
      reader.close(name);
      rows.push(...reader.take());
    },
    text: (text, start, end) => reader.text(text, start, end),
    cdata: (content) => reader.cdata(content),
    done: () => reader.done(),
  };
  feed(collect, xml, size);
  return rows;
}

const SHEET =
  '<?xml version="1.0"?><!-- written by hand --><x:worksheet xmlns:x="urn:main"><x:sheetData>' +
  '<x:row r="2"><x:c r="A2" t="inlineStr"><x:is><x:t>Café &amp; crème &#x1F363;&#10;</x:t></x:is></x:c>' +
  '<x:c r="C2" t="s"><x:v>0</x:v></x:c><x:c r="D2" t="str"><x:v>a_x000D_b _x005F_x000D_</x:v></x:c></x:row>' +
  '<x:row><x:c t="inlineStr"><x:is><x:t><![CDATA[<b>&amp;</b>]]></x:t></x:is></x:c><x:c><x:v>1e3</x:v></x:c><x:c/></x:row>' +
  '<x:row r="9" spans="1:2"/></x:sheetData><x:mergeCells count="1"><x:mergeCell ref="A1:B1"/></x:mergeCells></x:worksheet>';

describe('the sheet XML reader', () => {
  it('reads the same rows however the XML is split into chunks', () => {
    const expected: SheetRow[] = [
      { row: 2, cells: ['Café & crème 🍣\n', null, 'shared', 'a\rb _x000D_'] },
      { row: 3, cells: ['<b>&amp;</b>', 1000] },
    ];
    for (const size of [1, 2, 3, 5, 7, 64, 100_000])
      expect(readRows(SHEET, size), `chunks of ${size}`).toEqual(expected);
  });

  it('ends a tag at its own ">", not at one inside a quoted value, however the tag is split', () => {
    const hostile = `a>'b">c'>"`;
    const xml =
      `<worksheet><!-- a > b --><sheetData><row r="2" x="${hostile}" y='">'>` +
      `<c r="A2" t="inlineStr"><is><t><![CDATA[x>]]]></t></is></c></row></sheetData></worksheet>`;
    for (const size of [1, 2, 3, 5, 7, 64])
      expect(readRows(xml, size), `chunks of ${size}`).toEqual([{ row: 2, cells: ['x>]'] }]);
  });

  it('refuses a cell past column XFD (a sheet of "huge dimensions") before allocating it', () => {
    const xml = '<worksheet><sheetData><row r="1"><c r="XFE1"><v>1</v></c></row></sheetData></worksheet>';
    expect(() => readRows(xml, 64)).toThrow(/row 1: cell XFE1 is past Excel's last column \(XFD, 16,384\)/);
  });

  it('stops a cell whose XML alone is longer than its characters could take', () => {
    const xml = `<worksheet><sheetData><row r="4"><c r="B4" t="inlineStr"><is><t>${'x'.repeat(5000)}</t></is></c></row></sheetData></worksheet>`;
    let error: unknown;
    try {
      readRows(xml, 256);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputLimitError);
    expect(String(error)).toContain('row 4, column 2: more than 1,000 bytes of XML in the cell');
  });

  it('refuses a tag that never ends instead of holding the rest of the part', () => {
    const handler = new SharedStringsReader();
    const scanner = new XmlScanner(handler, 'book.xlsx: xl/sharedStrings.xml');
    expect(() => {
      scanner.write(Buffer.from('<sst><si><t a="'));
      for (let i = 0; i < 20; i++) scanner.write(Buffer.alloc(64 * 1024, 0x61));
    }).toThrow(InvalidInputError);
  });

  it('refuses a document that declares entities (a billion-laughs table) before expanding any', () => {
    const handler = new SharedStringsReader();
    expect(() =>
      feed(
        handler,
        '<!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]><sst><si><t>&b;</t></si></sst>',
        7,
      ),
    ).toThrow('test.xml: a DTD (<!DOCTYPE ...) is not allowed in a workbook part (Excel refuses it)');
    expect(handler.strings).toEqual([]);
  });

  it('refuses an undefined entity however the chunks cut it', () => {
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const handler = new SharedStringsReader();
      expect(() => feed(handler, '<sst><si><t>a</t></si><si><t>Latte &xxe;</t></si></sst>', size)).toThrow(
        'test.xml, shared string 1: undefined entity &xxe;',
      );
    }
  });
});

describe('a merged range over the whole sheet', () => {
  it('counts the cells it fills against --max-cells', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(i + 1, cell.inline(`A${i + 1}`, `r${i}`))).join('');
    const file = write(
      'merged-all.xlsx',
      buildWorkbook({
        sheets: [
          {
            name: 'Items',
            rows,
            after: '<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>',
          },
        ],
      }),
    );
    const error = await openSource(file, { limits: inputLimits({ maxCells: 100_000 }) })
      .then(readAll)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputLimitError);
    expect(String(error)).toContain('merged ranges fill more than 100,000 cells of the sheet');
  });
});

describe('a workbook whose XML cannot be read', () => {
  it('is one clear error naming the file and part', async () => {
    const file = write(
      'cut.xlsx',
      buildWorkbook({
        sheets: [{ name: 'Items', rows: `${row(1, cell.inline('A1', 'Name'))}<row r="2"><c r="A2" t="s` }],
      }),
    );
    await expect(openSource(file)).rejects.toThrow(/cut\.xlsx: xl\/worksheets\/sheet1\.xml: malformed XML/);
  });
});

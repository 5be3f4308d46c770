import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMapping } from '../../src/mapping/extract-menu.js';
import { parseMappingText } from '../../src/mapping/loader.js';
import { HEADER, withCategory } from './helpers.js';

// A record shorter than the header: cut (CSV, a cell the mapping reads is missing) is an error and
// the row is left out; short in columns nobody reads is one warning; xlsx rows omit empty cells.

const dir = mkdtempSync(path.join(tmpdir(), 'menusync-short-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(table: string, name: string, content: string | Buffer, format = 'csv, headerRow: 1') {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  const yaml = `${HEADER}sources: { items: { format: ${format} } }\nkind: table\ntable:\n  source: items\n${withCategory(table)}`;
  return runMapping(parseMappingText(yaml, 'inline.yaml'), [file], {});
}

const shopifyLike = `  skip:
    - reason: image-only
      when:
        all:
          - { column: Title, empty: true }
          - { column: Option1 Value, empty: true }
          - { column: Variant Price, empty: true }
  group: { by: key, key: '{Handle}' }
  category: { name: { column: Type }, fallback: Uncategorized }
  product:
    ext_id: '{Handle}'
    name: { column: Title }
    description: { column: Body (HTML), optional: true }
    price: { column: Variant Price, transforms: [money] }
  variants:
    value:
      name: { column: Option1 Value }
      price: { column: Variant Price, transforms: [money] }
`;
const shopifyHeader = 'Handle,Title,Body (HTML),Type,Option1 Value,Variant Price,Image Src';

describe('a CSV record shorter than the header', () => {
  it('is a located error when the last line was cut after the Title, and the row is left out', async () => {
    const csv = [shopifyHeader, 'tea,Tea,Hot,Drinks,Default Title,2.50,', 'pie,Pie'].join('\n');
    const result = await run(shopifyLike, 'cut.csv', csv);
    const errors = result.issues.filter((i) => i.severity === 'error');
    expect(errors).toEqual([
      {
        code: 'malformed-row',
        severity: 'error',
        message:
          'the row ends after column "Title" (2 of 7 cells): it was cut; "Body (HTML)", "Type", "Option1 Value" and 1 more that the mapping reads are missing: row left out',
        location: { file: path.join(dir, 'cut.csv'), row: 3, column: 'Body (HTML)' },
      },
    ]);
    expect(result.menu.products.map((p) => p.ext_id)).toEqual(['tea']);
  });

  it('is never taken for an image-only row the skip rules drop silently', async () => {
    // Cut right after the Handle, the row has an empty Title, option and price: image-only's shape.
    const csv = [shopifyHeader, 'tea,Tea,Hot,Drinks,Default Title,2.50,', 'tea'].join('\n');
    const result = await run(shopifyLike, 'handle-only.csv', csv);
    expect(result.skipped).toEqual([]);
    expect(result.issues.map((i) => [i.severity, i.code, i.location.row, i.location.column])).toEqual([
      ['error', 'malformed-row', 3, 'Title'],
    ]);
  });

  it('is an error when only a membership column at the end is missing', async () => {
    const table = `  product: { ext_id: '{Handle}', name: { column: Name }, price: { column: Price, transforms: [money] } }
  modifier_sets:
    columns: { pattern: 'Modifier - {name}' }
    sets: { Milk: { values: [{ name: Oat }] } }
`;
    const csv = ['Handle,Name,Price,Modifier - Milk', 'tea,Tea,2,Y', 'latte,Latte,3'].join('\n');
    const result = await run(table, 'sets.csv', csv);
    expect(result.issues.map((i) => [i.severity, i.code, i.location.row, i.location.column])).toEqual([
      ['error', 'malformed-row', 3, 'Modifier - Milk'],
    ]);
  });

  it('is one located warning for the file when only columns the mapping ignores are missing', async () => {
    const table = `  product: { ext_id: '{Handle}', name: { column: Name }, price: { column: Price, transforms: [money] } }\n`;
    const csv = ['Handle,Name,Price,Notes,Extra', 'a,A,1,x,y', 'b,B,2', 'c,C,3,z', 'd,D,4,w,v'].join('\n');
    const result = await run(table, 'trailing.csv', csv);
    expect(result.issues).toEqual([
      {
        code: 'malformed-row',
        severity: 'warning',
        message:
          "2 rows (the first here, the last at row 4) have fewer cells than the header's 5; the missing cells are in columns the mapping does not read",
        location: { file: path.join(dir, 'trailing.csv'), row: 3 },
      },
    ]);
    expect(result.menu.products.map((p) => p.price)).toEqual([1, 2, 3, 4]);
  });

  it('is not a problem when it is a blank line', async () => {
    const table = `  product: { ext_id: '{Handle}', name: { column: Name }, price: { value: 1 } }\n`;
    const result = await run(table, 'blank.csv', ['Handle,Name,Notes', 'a,A,x', ',', 'b,B,y'].join('\n'));
    expect(result.issues).toEqual([]);
    expect(result.skipped).toEqual([{ reason: 'blank-row', count: 1 }]);
  });
});

describe('an xlsx row without its trailing cells', () => {
  it('has them empty: xlsx stores no empty cells, so a short row is not a cut row', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Items');
    sheet.addRow(['Handle', 'Name', 'Description', 'Price']);
    sheet.addRow(['tea', 'Tea', 'Hot', 2.5]);
    sheet.addRow(['pie', 'Pie']);
    const table = `  product:
    ext_id: '{Handle}'
    name: { column: Name }
    description: { column: Description }
    price: { column: Price, transforms: [money] }
`;
    const result = await run(table, 'short.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()), 'xlsx');
    // The empty price is the usual missing-value warning (and the product hidden), nothing about the row's length.
    expect(result.issues.map((i) => [i.severity, i.code, i.location.row])).toEqual([
      ['warning', 'missing-value', 3],
    ]);
    expect(result.menu.products.map((p) => p.ext_id)).toEqual(['tea', 'pie']);
  });
});

describe('a cut record in a second table source (modifier sets read from another file)', () => {
  it('is a located error too: a cut price would otherwise make a priced option free', async () => {
    const table = `  product: { ext_id: '{Handle}', name: { column: Name }, price: { column: Price, transforms: [money] } }
  modifier_sets:
    list: { column: Sets }
    from:
      source: modifiers
      set: '{Group}'
      name: { column: Modifier }
      price: { column: Price, transforms: [money] }
`;
    const items = path.join(dir, 'items.csv');
    const modifiers = path.join(dir, 'modifiers.csv');
    writeFileSync(items, 'Handle,Name,Price,Sets\nlatte,Latte,3.50,Syrups\n');
    writeFileSync(modifiers, 'Group,Modifier,Price\nSyrups,Vanilla,0.50\nSyrups,Hazelnut');
    const yaml = `${HEADER}sources: { items: { format: csv }, modifiers: { format: csv } }\nkind: table\ntable:\n  source: items\n${withCategory(table)}`;
    const result = await runMapping(parseMappingText(yaml, 'inline.yaml'), [items, modifiers], {});
    expect(
      result.issues.map((i) => [i.severity, i.code, i.location.file, i.location.row, i.location.column]),
    ).toEqual([['error', 'malformed-row', modifiers, 3, 'Price']]);
    expect(result.menu.products[0]?.options?.[0]?.option_values?.map((v) => v.name)).toEqual(['Vanilla']);
  });
});

describe('a header written with trailing commas', () => {
  it('does not make rows without those commas short', async () => {
    const table = `  product: { ext_id: '{Handle}', name: { column: Name }, price: { value: 1 } }\n`;
    const result = await run(table, 'header-commas.csv', 'Handle,Name,,\na,A\nb,B,,\n');
    expect(result.issues).toEqual([]);
    expect(result.menu.products).toHaveLength(2);
  });
});

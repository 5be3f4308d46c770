import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMapping } from '../../src/mapping/extract-menu.js';
import { parseMappingText } from '../../src/mapping/loader.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';
import { HEADER } from './helpers.js';
import { testTempDir } from '../helpers/temp-dir.js';

// Several inputs in one run, joined by the set names the mapping declares: Clover-like exports keep
// items and modifier groups apart (two CSVs, or two sheets of one workbook).

const ITEMS = path.join(REPO_ROOT, 'fixtures/clover/items.csv');
const MODIFIERS = path.join(REPO_ROOT, 'fixtures/clover/modifiers.csv');
const tmp = () => testTempDir('inputs');

const clover = (sources: string) => `${HEADER}sources:
${sources}
kind: table
table:
  source: items
  category: { name: { column: Category } }
  product:
    ext_id: '{Clover ID}'
    name: { column: Name }
    price: { column: Price, transforms: [money] }
    hidden: { column: Hidden, transforms: [boolean] }
  modifier_sets:
    list: { column: Modifier Groups }
    from:
      source: modifiers
      set: '{Modifier Group Name}'
      name: { column: Modifier Name }
      price: { column: Modifier Price, transforms: [money] }
      min: { column: Min Required }
      max: { column: Max Allowed }
`;

const CSV_SOURCES = '  items: { format: csv }\n  modifiers: { format: csv }';

describe('modifier sets read from a second source', () => {
  it('builds the sets from modifiers.csv and attaches them by the names items.csv lists', async () => {
    const result = await runMapping(
      parseMappingText(clover(CSV_SOURCES), 'clover.yaml'),
      [ITEMS, MODIFIERS],
      {},
    );
    expect(result.stats).toMatchObject({
      rows: 10,
      categories: 3,
      products: 4,
      options: 4,
      option_values: 12,
    });
    const byName = (name: string) => result.menu.products.find((p) => p.name === name);
    expect(
      byName('Flat White')?.options?.map((o) => [o.ext_id, o.name, o.min_selectable, o.max_selectable]),
    ).toEqual([
      ['set-milk', 'Milk', 1, 1],
      ['set-syrups', 'Syrups', 0, 2],
    ]);
    expect(
      byName('Flat White')?.options?.[0]?.option_values?.map((v) => [v.ext_id, v.price_operand]),
    ).toEqual([
      ['set-milk-whole-milk', 0],
      ['set-milk-oat-milk', 0.45],
      ['set-milk-soy-milk', 0.4],
    ]);
    expect(byName('Espresso')?.options?.map((o) => [o.name, o.position])).toEqual([['Syrups', 1]]);
    // Toppings is named by an item but has no rows in modifiers.csv: reported, not invented.
    expect(byName('Hot Chocolate')?.options?.map((o) => o.name)).toEqual(['Milk']);
    expect(byName('Lemon Cake')?.options).toBeUndefined();
    expect(result.issues.map((i) => [i.code, i.severity, i.location.column])).toEqual([
      ['unknown-reference', 'warning', 'Modifier Groups'],
    ]);
    expect(result.issues[0]?.message).toContain('modifier set "Toppings" is used by 1 product');
  });

  it('reads items and modifier groups from two sheets of one workbook given twice', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const items = workbook.addWorksheet('Items');
    items.addRow(['Clover ID', 'Name', 'Price', 'Category', 'Modifier Groups', 'Hidden']);
    items.addRow(['A1', 'Latte', 3.5, 'Coffee', 'Milk', 'No']);
    items.addRow(['A2', 'Tea', 2, 'Tea', '', 'No']);
    const groups = workbook.addWorksheet('Modifier Groups');
    groups.addRow(['Modifier Group Name', 'Modifier Name', 'Modifier Price', 'Min Required', 'Max Allowed']);
    groups.addRow(['Milk', 'Oat', 0.5, 0, 1]);
    groups.addRow(['Milk', 'Soy', 0.4, null, null]);
    const book = path.join(tmp(), 'inventory.xlsx');
    writeFileSync(book, Buffer.from(await workbook.xlsx.writeBuffer()));
    const sources = "  items: { sheet: Items }\n  modifiers: { sheet: 'Modifier Groups' }";
    const result = await runMapping(parseMappingText(clover(sources), 'clover.yaml'), [book, book], {});
    expect(result.issues).toEqual([]);
    expect(
      result.menu.products.map((p) => [p.name, p.price, p.options?.map((o) => o.option_values?.length)]),
    ).toEqual([
      ['Latte', 3.5, [2]],
      ['Tea', 2, undefined],
    ]);
    expect(result.menu.products[0]?.options?.[0]).toMatchObject({
      ext_id: 'set-milk',
      type: 'single',
      max_selectable: 1,
    });
  });

  it('reads both sheets when the workbook is given once', async () => {
    const book = await cloverWorkbook(['Items', 'Modifier Groups']);
    const sources = "  items: { sheet: Items }\n  modifiers: { sheet: 'Modifier Groups' }";
    const result = await runMapping(parseMappingText(clover(sources), 'clover.yaml'), [book], {});
    expect(result.issues).toEqual([]);
    expect(result.menu.products.map((p) => [p.name, p.options?.[0]?.option_values?.length])).toEqual([
      ['Latte', 2],
      ['Tea', undefined],
    ]);
  });

  it('leaves an optional sheet unbound when the workbook given once lacks it', async () => {
    const book = await cloverWorkbook(['Items']);
    const sources = "  items: { sheet: Items }\n  modifiers: { sheet: 'Modifier Groups', optional: true }";
    const result = await runMapping(parseMappingText(clover(sources), 'clover.yaml'), [book], {});
    // No sets source: the Milk set Latte names is undeclared, which is reported, not invented.
    expect(result.issues.map((i) => i.code)).toEqual(['unknown-reference']);
    expect(result.menu.products.map((p) => p.name)).toEqual(['Latte', 'Tea']);
  });

  it('still needs the file of a required sheet source when the first input is a CSV', async () => {
    const sources = "  items: { format: csv }\n  modifiers: { sheet: 'Modifier Groups' }";
    await expect(runMapping(parseMappingText(clover(sources), 'clover.yaml'), [ITEMS], {})).rejects.toThrow(
      'needs an input for source "modifiers" (inputs #2)',
    );
  });

  it('reports rows of the sets source that name no set or no option, with their row', async () => {
    const dir = tmp();
    const items = path.join(dir, 'items.csv');
    const mods = path.join(dir, 'mods.csv');
    writeFileSync(items, 'Clover ID,Name,Price,Category,Modifier Groups,Hidden\nA,Latte,3,Coffee,Milk,No\n');
    writeFileSync(
      mods,
      'Modifier Group Name,Modifier Name,Modifier Price,Min Required,Max Allowed\nMilk,Oat,0.5,,\n,Soy,0.4,,\nMilk,,0.1,,\nMilk,Oat,0.6,,\n',
    );
    const result = await runMapping(parseMappingText(clover(CSV_SOURCES), 'clover.yaml'), [items, mods], {});
    expect(result.issues.map((i) => [i.code, i.location.file, i.location.row])).toEqual([
      ['missing-value', mods, 3],
      ['missing-value', mods, 4],
      ['duplicate-ext-id', mods, 5],
    ]);
    expect(result.menu.products[0]?.options?.[0]?.option_values?.map((v) => v.name)).toEqual(['Oat']);
  });
});

describe('binding inputs to sources', () => {
  it('fails (exit 2) when a second input has no source to bind to', async () => {
    const r = await runCli([
      'extract',
      '--mapping',
      'loyverse-items',
      '--input',
      ITEMS,
      '--input',
      '/nonexistent.csv',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('reads 1 input (items), got 2');
  });

  it('fails when a bound input file does not exist, even if it is not the table source', async () => {
    const error = await runMapping(
      parseMappingText(clover(CSV_SOURCES), 'clover.yaml'),
      [ITEMS, '/nonexistent/mods.csv'],
      {},
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('/nonexistent/mods.csv');
  });

  it('rejects at load a source that no part of the mapping reads', () => {
    const text = clover(CSV_SOURCES + '\n  extra: { format: csv }');
    expect(() => parseMappingText(text, 'clover.yaml')).toThrow(
      /source "extra" is read by no part of the mapping/,
    );
    const doc = `${HEADER}sources: { menu: { format: json }, other: { format: json } }
kind: document
document:
  products: { select: '$.items[*]', ext_id: '{id}', name: '{name}' }
`;
    expect(() => parseMappingText(doc, 'doc.yaml')).toThrow(/source "other" is read by no part/);
  });

  it('rejects at load modifier_sets without columns or list, and a from.source that is not declared', () => {
    const text = clover(CSV_SOURCES)
      .replace('    list: { column: Modifier Groups }\n', '')
      .replace('source: modifiers', 'source: nope');
    expect(() => parseMappingText(text, 'clover.yaml')).toThrow(
      /give "columns".*\n.*"nope" is not a key of sources|"nope"[\s\S]*give "columns"|give "columns"[\s\S]*"nope"/,
    );
  });
});

/** A Clover-like workbook with the named sheets (of Items and Modifier Groups). */
async function cloverWorkbook(sheets: readonly string[]): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  if (sheets.includes('Items')) {
    const items = workbook.addWorksheet('Items');
    items.addRow(['Clover ID', 'Name', 'Price', 'Category', 'Modifier Groups', 'Hidden']);
    items.addRow(['A1', 'Latte', 3.5, 'Coffee', 'Milk', 'No']);
    items.addRow(['A2', 'Tea', 2, 'Tea', '', 'No']);
  }
  if (sheets.includes('Modifier Groups')) {
    const groups = workbook.addWorksheet('Modifier Groups');
    groups.addRow(['Modifier Group Name', 'Modifier Name', 'Modifier Price', 'Min Required', 'Max Allowed']);
    groups.addRow(['Milk', 'Oat', 0.5, 0, 1]);
    groups.addRow(['Milk', 'Soy', 0.4, null, null]);
  }
  const book = path.join(tmp(), 'inventory.xlsx');
  writeFileSync(book, Buffer.from(await workbook.xlsx.writeBuffer()));
  return book;
}

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { formatFixture, samplesDir } from '../mappings/helpers.js';
import { testTempDir } from '../helpers/temp-dir.js';

const FIXTURE = formatFixture('square-item-library/item-library.csv');
const { dir: SAMPLES, present } = samplesDir('square');

describe('square-item-library on our fixture (CSV)', () => {
  it('maps exact counts: 12 rows, 2 skipped, 7 products in 4 categories, 2 variant options', async () => {
    const result = await extractMenu({ mapping: 'square-item-library', inputs: [FIXTURE] });
    expect(result.stats).toEqual({
      rows: 12,
      categories: 4,
      products: 7,
      options: 2,
      option_values: 5,
      warnings: 3,
      errors: 0,
    });
    expect(result.skipped).toEqual([
      { reason: 'archived', count: 1 },
      { reason: 'not-sellable', count: 1 },
    ]);
    expect(result.menu.categories.map((c) => [c.ext_id, c.name, c.position])).toEqual([
      ['cat-coffee', 'Coffee', 1],
      ['cat-kitchen', 'Kitchen', 2],
      ['cat-breakfast', 'Breakfast', 3],
      ['cat-uncategorized', 'Uncategorized', 4],
    ]);
  });

  it('turns variations into a required option priced from the cheapest', async () => {
    const { menu } = await extractMenu({ mapping: 'square-item-library', inputs: [FIXTURE] });
    const latte = menu.products.find((p) => p.name === 'Latte');
    expect(latte).toEqual({
      ext_id: 'item-TOKLATTESMALL000000000001',
      name: 'Latte',
      category_ext_id: 'cat-coffee',
      description: 'Double shot & steamed milk',
      price: 3.5,
      hidden: false,
      position: 1,
      options: [
        {
          ext_id: 'item-TOKLATTESMALL000000000001-variant',
          name: 'Size',
          type: 'single',
          min_selectable: 1,
          max_selectable: 1,
          position: 1,
          option_values: [
            {
              ext_id: 'TOKLATTESMALL000000000001',
              name: 'Small',
              price_operator: '+',
              price_operand: 0,
              position: 1,
            },
            {
              ext_id: 'TOKLATTEMEDIUM00000000002',
              name: 'Medium',
              price_operator: '+',
              price_operand: 0.5,
              position: 2,
            },
            {
              ext_id: 'TOKLATTELARGE000000000003',
              name: 'Large',
              price_operator: '+',
              price_operand: 1.25,
              position: 3,
            },
          ],
        },
      ],
    });
  });

  it('names an unnamed variation after the item and keeps items differing only in case apart', async () => {
    const { menu } = await extractMenu({ mapping: 'square-item-library', inputs: [FIXTURE] });
    const cookie = menu.products.find((p) => p.name === 'Cookie');
    expect(cookie?.category_ext_id).toBe('cat-uncategorized');
    expect(cookie?.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Cookie', 0],
      ['Box of 6', 8],
    ]);
    expect(menu.products.filter((p) => p.name?.toLowerCase() === 'chai latte').map((p) => p.price)).toEqual([
      3.9, 4.1,
    ]);
  });

  it('hides unavailable items, uses the reporting category, reads thousands separators', async () => {
    const { menu } = await extractMenu({ mapping: 'square-item-library', inputs: [FIXTURE] });
    expect(menu.products.find((p) => p.name === 'Avocado Toast')).toMatchObject({
      hidden: true,
      category_ext_id: 'cat-breakfast',
      price: 1234.5,
    });
  });

  it('reports a bad modifier sets file with its line, before reading any input', async () => {
    const sets = path.join(testTempDir('sets'), 'sets.yaml');
    writeFileSync(sets, "'Milk choice':\n  values: [{ name: Oat, price: cheap }]\n");
    await expect(
      extractMenu({
        mapping: 'square-item-library',
        inputs: ['/nonexistent.csv'],
        params: { modifier_sets: sets },
        // The folder a sets file may come from (the CLI: the working directory for a shipped mapping).
        paramDirs: { modifier_sets: path.dirname(sets) },
      }),
    ).rejects.toThrow(/sets\.yaml:2: Milk choice\.values\[0\]\.price/);
  });

  it('reports a variable price and each undeclared modifier set as warnings with locations', async () => {
    const { issues, menu } = await extractMenu({ mapping: 'square-item-library', inputs: [FIXTURE] });
    expect(menu.products.find((p) => p.name === 'Market Soup')).toMatchObject({ hidden: true });
    expect(menu.products.find((p) => p.name === 'Market Soup')?.price).toBeUndefined();
    expect(issues.map((i) => [i.code, i.severity, i.location.row, i.location.column])).toEqual([
      ['bad-price', 'warning', 6, 'Price'],
      ['unknown-reference', 'warning', 1, 'Modifier Set - Milk choice'],
      ['unknown-reference', 'warning', 1, 'Modifier Set - Add a shot for +$1?'],
    ]);
    // The variable price's own warning says what became of the item: no second, unpriced warning.
    expect(issues[0]?.message).toMatch(/variable price.*: hidden \(unpriced: hide\)$/);
    expect(issues[1]?.message).toContain('used by 2 products');
  });

  it('attaches modifier sets declared in the file given with --param modifier_sets', async () => {
    const sets = path.join(testTempDir('sets'), 'sets.yaml');
    writeFileSync(
      sets,
      [
        "'Milk choice': { max: 1, values: [{ name: Oat, price: 0.5 }, { name: Soy, price: 0.4 }] }",
        "'add a shot for +$1?': { name: Extra shot, values: [{ name: Shot, price: 1 }] }",
      ].join('\n'),
    );
    const result = await extractMenu({
      mapping: 'square-item-library',
      inputs: [FIXTURE],
      params: { modifier_sets: sets },
      paramDirs: { modifier_sets: path.dirname(sets) },
    });
    expect(result.issues.filter((i) => i.code === 'unknown-reference')).toEqual([]);
    const latte = result.menu.products.find((p) => p.name === 'Latte');
    expect(
      latte?.options?.map((o) => [o.ext_id, o.name, o.min_selectable, o.max_selectable, o.position]),
    ).toEqual([
      ['item-TOKLATTESMALL000000000001-variant', 'Size', 1, 1, 1],
      ['set-milk-choice', 'Milk choice', 0, 1, 2],
      ['set-add-a-shot-for-1', 'Extra shot', 0, 1, 3],
    ]);
    expect(latte?.options?.[1]?.option_values?.[0]).toEqual({
      ext_id: 'set-milk-choice-oat',
      name: 'Oat',
      price_operator: '+',
      price_operand: 0.5,
      position: 1,
    });
    expect(result.menu.products.find((p) => p.name === 'Espresso')?.options?.map((o) => o.name)).toEqual([
      'Extra shot',
    ]);
  });
});

describe('square-item-library on an XLSX export (header on row 2, sheet Items)', () => {
  it('maps the same menu as the CSV with the same content', async () => {
    const rows = parseCsv(readFileSync(FIXTURE), { relaxQuotes: false }) as string[][];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Items');
    sheet.addRow([]);
    rows.forEach((row, i) => {
      // Square stores prices as numbers in XLSX, except the word "variable".
      const price = row[11] ?? '';
      const cells: (string | number | null)[] = row.map((c) => (c === '' ? null : c));
      if (i > 0 && /^\d+\.\d+$/.test(price)) cells[11] = Number(price);
      sheet.addRow(cells);
    });
    workbook.addWorksheet('Component Inventory').addRow(['Token', 'Quantity']);
    const file = path.join(testTempDir('square'), 'export.xlsx');
    await workbook.xlsx.writeFile(file);

    const fromXlsx = await extractMenu({ mapping: 'square-item-library', inputs: [file] });
    const fromCsv = await extractMenu({ mapping: 'square-item-library', inputs: [FIXTURE] });
    expect(fromXlsx.menu).toEqual(fromCsv.menu);
    expect(fromXlsx.stats).toEqual(fromCsv.stats);
    expect(fromXlsx.issues.find((i) => i.code === 'bad-price')?.location).toMatchObject({
      sheet: 'Items',
      row: 7,
    });
  });
});

describe.skipIf(!present)('square-item-library on the real samples', () => {
  it('maps the acai juice bar XLSX: 379 variation rows, 267 items, zero errors', async () => {
    const result = await extractMenu({
      mapping: 'square-item-library',
      inputs: [path.join(SAMPLES, 'acai-juice-bar-item-library-export.xlsx')],
    });
    expect(result.stats).toMatchObject({
      rows: 379,
      categories: 14,
      products: 267,
      options: 76,
      option_values: 188,
      errors: 0,
    });
    expect(result.skipped).toEqual([]);
    expect(result.issues.filter((i) => i.code === 'bad-price')).toHaveLength(11);
    // 42 membership columns; 33 sets are used by at least one item.
    expect(result.issues.filter((i) => i.code === 'unknown-reference')).toHaveLength(33);
    // 84 with delivery and pickup both disabled (not orderable online), 8 more hidden online, and
    // 3 whose only price is `variable` (unpriced: hide), some of them both.
    expect(result.menu.products.filter((p) => p.hidden === true)).toHaveLength(90);
    // Checked by hand in the sheet: rows 56-57, "Blue Shade", variations "2 for 15" at 15 and an
    // unnamed one at 8.99, whose Online Sale Price is 9.99.
    const blue = result.menu.products.find((p) => p.name === 'Blue Shade');
    expect(blue?.price).toBe(9.99);
    expect(blue?.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['ARCNN5J633RZ26WDBPAIQ6OF', '2 for 15', 5.01],
      ['F6WH7YNHWIQJ2GBKC3EQVEZW', 'Blue Shade', 0],
    ]);
    // Online Sale Price 5.99 is what Square Online charges (Price 4.99 at the point of sale).
    expect(result.menu.products[0]).toMatchObject({
      ext_id: 'item-W5J3FMB6WHJYRZVTJ7OE7JLQ',
      name: '2 cookie',
      price: 5.99,
    });
  });

  it('takes the point-of-sale Price and keeps unorderable items with its parameters', async () => {
    const result = await extractMenu({
      mapping: 'square-item-library',
      inputs: [path.join(SAMPLES, 'acai-juice-bar-item-library-export.xlsx')],
      params: { price_column: 'Price', unorderable: 'keep' },
    });
    expect(result.stats.errors).toBe(0);
    expect(result.menu.products.filter((p) => p.hidden === true)).toHaveLength(11);
    expect(result.menu.products[0]).toMatchObject({ name: '2 cookie', price: 4.99 });
  });

  it('maps the older boutique CSV layout: 14 rows, 5 items, zero issues', async () => {
    const result = await extractMenu({
      mapping: 'square-item-library',
      inputs: [path.join(SAMPLES, 'retail-boutique-library-export-2023.csv')],
    });
    expect(result.stats).toEqual({
      rows: 14,
      categories: 2,
      products: 5,
      options: 2,
      option_values: 11,
      warnings: 0,
      errors: 0,
    });
    const pants = result.menu.products.find((p) => p.name === 'Tahiti Cargo Pants');
    expect(pants).toMatchObject({ price: 138, category_ext_id: 'cat-clothing' });
    expect(pants?.options?.[0]?.option_values).toHaveLength(8);
    expect(pants?.options?.[0]?.option_values?.[0]).toMatchObject({
      ext_id: 'J4CDZY6CJWDXILD5F3L2QQOS',
      name: 'washed black, Small',
    });
    expect(pants?.description).toContain('- Zip fly and button closure\n');
  });
});

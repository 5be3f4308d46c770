import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { buildWorkbook, cell, row } from '../helpers/xlsx-workbook.js';
import { REPO_ROOT, product, sampleFile } from './helpers.js';

// The shipped odoo-product-template mapping on our fixture (invented bakery data, Odoo's export
// layout with field labels) and on the real sample in ../shared/pos-samples/odoo/.

const DIR = path.join(REPO_ROOT, 'mappings/odoo-product-template');
const MAPPING = path.join(DIR, 'mapping.yaml');
const FIXTURE = path.join(DIR, 'fixtures/product-templates.csv');

describe('odoo-product-template on our fixture', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extractMenu({ mapping: MAPPING, inputs: [FIXTURE] });
  });

  it('maps 11 rows to 6 templates, counting what it leaves out', () => {
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.stats).toMatchObject({ rows: 11, products: 6, options: 3, option_values: 6 });
    expect(result.skipped).toEqual([{ reason: 'cannot be sold', count: 1 }]);
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      ['cat-bread', 'Bread'],
      ['cat-pastry', 'Pastry'],
      ['cat-drinks', 'Drinks'],
      ['cat-products', 'Products'],
    ]);
  });

  it('gives each attribute its own option, the extra price a surcharge', () => {
    const C = '__export__.product_template_14_0c9a1f63';
    const coffee = product(result, C);
    expect(
      coffee.options?.map((o) => [
        o.name,
        o.type,
        o.option_values?.map((v) => [v.ext_id, v.name, v.price_operand]),
      ]),
    ).toEqual([
      [
        'Cup',
        'single',
        [
          [`${C}-cup-small`, 'Small', 0],
          [`${C}-cup-large`, 'Large', 0.7],
        ],
      ],
      [
        'Milk',
        'single',
        [
          [`${C}-milk-none`, 'None', 0],
          [`${C}-milk-oat`, 'Oat', 0.4],
        ],
      ],
    ]);
    expect(
      product(result, '__export__.product_template_12_a41c09be').options?.[0]?.option_values,
    ).toHaveLength(2);
  });

  it('hides archived and unpriced templates and says so; falls back on names for ids', () => {
    expect(product(result, '__export__.product_template_17_3d6b90ac').hidden).toBe(true);
    expect(product(result, '__export__.product_template_15_5be2c4d8').hidden).toBe(true);
    expect(result.issues.map((i) => [i.code, i.severity, i.location.row])).toEqual([
      ['missing-value', 'warning', 9],
    ]);
    // The missing price's own warning says it is hidden: one issue, not two.
    expect(result.issues[0]?.message).toMatch(/: hidden \(unpriced: hide\)$/);
    expect(product(result, 'odoo-bread-basket').category_ext_id).toBe('cat-products');
  });
});

describe('odoo-product-template on the real export', () => {
  const sample = sampleFile('odoo/food-brand-product.template.csv');

  it.runIf(sample.present)('maps all 88 templates by barcode, with no errors', async () => {
    const result = await extractMenu({ mapping: MAPPING, inputs: [sample.file] });
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.stats).toMatchObject({ rows: 88, products: 88, options: 0 });
    expect(result.skipped).toEqual([]);
    expect(result.menu.products[0]).toMatchObject({
      ext_id: '802565000001',
      name: 'Prince Lascha Semai 500gm',
      price: 120,
      category_ext_id: 'cat-products',
    });
    expect(result.menu.products.every((p) => p.image?.startsWith('https://'))).toBe(true);
  });
});

describe('odoo-product-template on an xlsx export', () => {
  it('reads numbers and booleans as Odoo writes them into the workbook', async () => {
    const headers = [
      'Name',
      'Internal Reference',
      'Sales Price',
      'Active',
      'Product Attributes/Product Attribute Values',
    ];
    const bool = (ref: string, v: boolean) => `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
    const rows = [
      row(1, ...headers.map((h, i) => cell.inline(`${'ABCDE'[i]}1`, h))),
      row(
        2,
        cell.inline('A2', 'Bagel'),
        cell.inline('B2', 'BAG'),
        cell.number('C2', 2.75),
        bool('D2', true),
        cell.inline('E2', 'Filling: Plain'),
      ),
      row(3, cell.inline('E3', 'Filling: Sesame')),
      row(
        4,
        cell.inline('A4', 'Old muffin'),
        cell.inline('B4', 'MUF'),
        cell.number('C4', 2),
        bool('D4', false),
      ),
    ].join('');
    const file = path.join(testTempDir('odoo-xlsx'), 'product.template.xlsx');
    writeFileSync(file, buildWorkbook({ sheets: [{ name: 'Sheet1', rows }] }));
    const result = await extractMenu({ mapping: MAPPING, inputs: [file] });
    expect(result.issues).toEqual([]);
    expect(
      result.menu.products.map((p) => [p.ext_id, p.price, p.hidden, p.options?.[0]?.option_values?.length]),
    ).toEqual([
      ['BAG', 2.75, false, 2],
      ['MUF', 2, true, undefined],
    ]);
  });
});

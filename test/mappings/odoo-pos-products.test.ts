import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { odooPosWorkbook } from '../helpers/odoo-pos-workbook.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { REPO_ROOT, product } from './helpers.js';

// The shipped odoo-pos-products mapping on our Odoo 17 Export-dialog workbook (invented café data,
// Odoo's layout): attribute values on continuation rows, their extra price a surcharge.

const DIR = path.join(REPO_ROOT, 'mappings/odoo-pos-products');
const MAPPING = path.join(DIR, 'mapping.yaml');
const FIXTURE = path.join(DIR, 'fixtures/pos-products.xlsx');

it('the committed workbook is the one test/helpers/odoo-pos-workbook.ts writes', () => {
  const built = odooPosWorkbook();
  if (process.env.UPDATE_FIXTURES === '1') writeFileSync(FIXTURE, built);
  expect(
    readFileSync(FIXTURE).equals(built),
    'regenerate: UPDATE_FIXTURES=1 npx vitest run <this file>',
  ).toBe(true);
});

describe('odoo-pos-products on the Odoo 17 workbook', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extractMenu({ mapping: MAPPING, inputs: [FIXTURE] });
  });

  it('maps every row: products, option rows, and the counted ones', () => {
    expect(result.issues).toEqual([]);
    expect(result.stats).toMatchObject({ rows: 12, products: 6, options: 4, option_values: 7 });
    expect(result.skipped).toEqual([
      { reason: 'another POS category (the first is used)', count: 1 },
      { reason: 'not available in the Point of Sale', count: 1 },
    ]);
  });

  it('names categories by the last segment of the POS category path, with a fallback', () => {
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      ['cat-coffee', 'Coffee'],
      ['cat-pizza', 'Pizza'],
      ['cat-drinks', 'Drinks'],
      ['cat-food', 'Food'],
      ['cat-other', 'Other'],
    ]);
    expect(product(result, '__export__.product_template_47_e3d2f1a0')?.category_ext_id).toBe('cat-other');
  });

  it('makes each attribute a required single choice, the extra price a surcharge', () => {
    const cappuccino = product(result, '__export__.product_template_42_9d0e4c11');
    expect(cappuccino?.price).toBe(3.1);
    expect(
      cappuccino?.options?.map((o) => [
        o.ext_id,
        o.name,
        o.type,
        o.min_selectable,
        o.option_values?.map((v) => [v.name, v.price_operand]),
      ]),
    ).toEqual([
      [
        '__export__.product_template_42_9d0e4c11-size',
        'Size',
        'single',
        1,
        [
          ['Regular', 0],
          ['Large', 0.8],
        ],
      ],
      [
        '__export__.product_template_42_9d0e4c11-milk',
        'Milk',
        'single',
        1,
        [
          ['Whole milk', 0],
          ['Oat milk', 0.5],
        ],
      ],
    ]);
    // One attribute value is still an option: the customer sees what they get.
    const lemonade = product(result, '__export__.product_template_44_c41d7e02');
    expect(lemonade?.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Elderflower', 0.3],
    ]);
  });

  it('hides archived templates and leaves out those not available in the POS', () => {
    expect(product(result, '__export__.product_template_45_71fe0a3d')?.hidden).toBe(true);
    expect(result.menu.products.some((p) => p.name === 'Gift card')).toBe(false);
    expect(product(result, '__export__.product_template_41_5f3c1a2b')?.hidden).toBe(false);
  });
});

describe('odoo-pos-products on an Odoo 16 CSV export', () => {
  it('reads True/False texts, a many-to-one POS category and attribute rows the same way', async () => {
    const csv = [
      'Name,Point of Sale Category,Available in POS,Active,Sales Price,Product Attributes/Product Attribute Values,Product Attributes/Product Attribute Values/Value Price Extra',
      'Flat white,Coffee,True,True,3.40,Milk: Whole,0.0',
      ',,,,,Milk: Oat,0.45',
      'Tote bag,,False,True,12.00,,',
    ].join('\n');
    const dir = testTempDir('odoo16');
    const file = path.join(dir, 'product.template.csv');
    writeFileSync(file, csv);
    const result = await extractMenu({ mapping: MAPPING, inputs: [file] });
    expect(result.issues).toEqual([]);
    expect(result.skipped).toEqual([{ reason: 'not available in the Point of Sale', count: 1 }]);
    expect(result.menu.products).toHaveLength(1);
    expect(result.menu.products[0]).toMatchObject({ ext_id: 'odoo-flat-white', price: 3.4, hidden: false });
    expect(
      result.menu.products[0]?.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand]),
    ).toEqual([
      ['Whole', 0],
      ['Oat', 0.45],
    ]);
  });
});

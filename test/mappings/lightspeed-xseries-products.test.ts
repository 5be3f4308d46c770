import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractResult } from '../../src/mapping/types.js';
import { extractWith, formatFixture, product } from './helpers.js';

// The shipped lightspeed-xseries-products mapping on our own fixtures (invented data, real layouts):
// products.csv has the current X-Series headers; vend-legacy-products.csv the 2017 Vend layout,
// MacRoman-encoded with CRLF rows and CR CR inside cells, as Excel for Mac saves it.

const FIXTURES = formatFixture('lightspeed-xseries-products');
const extract = extractWith('lightspeed-xseries-products', FIXTURES);

describe('lightspeed-xseries-products on the X-Series fixture', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extract('products.csv');
  });

  it('maps 13 rows to 7 products in 4 categories, skipping the 2 inactive rows', () => {
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.stats).toMatchObject({
      rows: 13,
      categories: 5,
      products: 7,
      options: 2,
      option_values: 6,
      errors: 0,
    });
    expect(result.skipped).toEqual([{ reason: 'inactive', count: 2 }]);
    expect(result.menu.products.map((p) => p.ext_id)).not.toContain('staff-meal');
  });

  it('keeps nested categories whole, in order of first appearance', () => {
    expect(result.menu.categories).toEqual([
      { ext_id: 'cat-drinks-coffee', name: 'Drinks / Coffee', position: 1 },
      { ext_id: 'cat-drinks-cold', name: 'Drinks / Cold', position: 2 },
      { ext_id: 'cat-desserts', name: 'Desserts', position: 3 },
      { ext_id: 'cat-bakery', name: 'Bakery', position: 4 },
      // Its one product (a gift card) is hidden, so the category is hidden with it.
      { ext_id: 'cat-uncategorized', name: 'Uncategorized', position: 5, hidden: true },
    ]);
  });

  it('turns the variants of a handle into one required option priced from the cheapest', () => {
    const flatWhite = product(result, 'flat-white');
    expect(flatWhite).toMatchObject({
      name: 'Flat White',
      category_ext_id: 'cat-drinks-coffee',
      description: 'Double ristretto & silky steamed milk.\n\nAsk for oat or almond.',
      price: 4.2,
      hidden: false,
    });
    expect(flatWhite.options).toEqual([
      {
        ext_id: 'flat-white-variant',
        name: 'Size',
        type: 'single',
        min_selectable: 1,
        max_selectable: 1,
        position: 1,
        option_values: [
          {
            ext_id: '0b1e6f8a-0001-4c1a-9e01-000000000001',
            name: 'Regular',
            price_operator: '+',
            price_operand: 0,
            position: 1,
          },
          {
            ext_id: '0b1e6f8a-0001-4c1a-9e01-000000000002',
            name: 'Large',
            price_operator: '+',
            price_operand: 0.7,
            position: 2,
          },
        ],
      },
    ]);
  });

  it('combines two option axes into one option', () => {
    const icedTea = product(result, 'iced-tea');
    expect(icedTea.price).toBe(3.5);
    expect(icedTea.options?.[0]?.name).toBe('Size / Flavour');
    expect(icedTea.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Small / Peach', 0],
      ['Small / Lemon', 0],
      ['Large / Peach', 1],
      ['Large / Lemon', 1],
    ]);
  });

  it('leaves a product with one active variant as a plain product at that price', () => {
    expect(product(result, 'banana-bread')).toMatchObject({ price: 3.8, category_ext_id: 'cat-bakery' });
    expect(product(result, 'banana-bread').options).toBeUndefined();
    expect(product(result, 'butter-croissant').options).toBeUndefined();
  });

  it('decodes HTML and keeps non-ASCII names', () => {
    expect(product(result, 'creme-brulee')).toMatchObject({
      name: 'Crème brûlée',
      price: 6.5,
      description: 'Vanilla custard, caramel crust.\n\n- Contains egg\n\n- Contains milk',
    });
  });

  it('hides products that are not active online, and names the fallback category of one without', () => {
    expect(product(result, 'gift-card-25')).toMatchObject({ price: 25, hidden: true });
    expect(product(result, 'gift-card-25').category_ext_id).toBe('cat-uncategorized');
    expect(product(result, 'cold-brew-bottle')).toMatchObject({
      hidden: true,
      category_ext_id: 'cat-drinks-cold',
    });
    expect(result.issues).toEqual([]);
    expect(result.notes.map((n) => n.message)).toEqual([
      '1 product without a category is in the fallback category "Uncategorized" (cat-uncategorized)',
      '1 category whose products are all hidden is hidden too',
    ]);
  });
});

describe('lightspeed-xseries-products on the legacy Vend fixture (MacRoman, CRLF)', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extract('vend-legacy-products.csv');
  });

  it('maps 8 rows to 4 products, skipping the 2 bundle component rows', () => {
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.stats).toMatchObject({ rows: 8, categories: 4, products: 4, options: 1, option_values: 3 });
    expect(result.skipped).toEqual([{ reason: 'composite-component', count: 2 }]);
    expect(result.menu.categories.map((c) => c.name)).toEqual([
      'Apparel > Hoodies',
      'Gifts',
      'Drink',
      'Bundle',
    ]);
  });

  it('decodes MacRoman: é in a name, and the Â+NBSP Excel wrote for a UTF-8 non-breaking space', () => {
    expect(product(result, 'cafe-mug')).toMatchObject({
      name: 'Café Mug',
      price: 12.5,
      category_ext_id: 'cat-gifts',
    });
    expect(product(result, 'cafe-mug').description).toBe('Stoneware, 350Â ml');
  });

  it('reads the `type` column as the category and CR CR line breaks inside cells', () => {
    const hoodie = product(result, 'campus-hoodie');
    expect(hoodie).toMatchObject({ category_ext_id: 'cat-apparel-hoodies', price: 39.99 });
    expect(hoodie.description).toMatch(/^Warm fleece hoodieÂ\s*\n- 80% cotton$/);
    expect(hoodie.hidden).toBeUndefined();
    expect(hoodie.options?.[0]?.name).toBe('Size / Color');
    expect(hoodie.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['S / Navy', 0],
      ['M / Navy', 0],
      ['L / Navy', 3],
    ]);
    expect(product(result, 'starter-bundle')).toMatchObject({
      name: 'Starter Bundle',
      price: 49,
      category_ext_id: 'cat-bundle',
    });
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { errorsOf, formatFixture, product, sampleFile, skippedCounts } from './helpers.js';

// The shipped woocommerce-products mapping on our fixture (exact counts and entities) and on the
// official WooCommerce sample data in ../shared/pos-samples (never copied into the repository).

const FIXTURE = formatFixture('woocommerce-products/cafe-products.csv');
const { file: SAMPLE, present: samplePresent } = sampleFile('woocommerce/wc-sample_products.csv');

describe('woocommerce-products on our fixture', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extractMenu({ mapping: 'woocommerce-products', inputs: [FIXTURE] });
  });

  it('maps simple and variable products, skipping grouped and external ones', () => {
    expect(errorsOf(result)).toEqual([]);
    expect(result.stats).toMatchObject({
      rows: 14,
      categories: 5,
      products: 6,
      options: 2,
      option_values: 6,
    });
    expect(skippedCounts(result)).toEqual({ 'grouped-product': 1, 'external-product': 1 });
    expect(result.menu.products.map((p) => p.ext_id)).toEqual([
      'latte',
      'croissant',
      'pain-au-chocolat',
      '212',
      'gift-card-20',
      'seasonal-tart',
    ]);
  });

  it('takes the first of several categories and the last segment of its path', () => {
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      ['cat-coffee', 'Coffee'],
      ['cat-pastries', 'Pastries'],
      ['cat-smoothies', 'Smoothies'],
      ['cat-gift-cards', 'Gift cards'],
      ['cat-tarts', 'Tarts'],
    ]);
    expect(product(result, 'croissant')).toMatchObject({
      category_ext_id: 'cat-pastries',
      description: 'Flaky & golden',
      price: 2.8,
      hidden: false,
    });
  });

  it('turns variations found by parent SKU into one option over both attributes', () => {
    const latte = product(result, 'latte');
    expect(latte).toMatchObject({ name: 'Latte', price: 3.2, description: 'Espresso & steamed milk.' });
    expect(latte.options?.[0]).toMatchObject({ name: 'Size / Milk', type: 'single', min_selectable: 1 });
    expect(latte.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['latte-small-whole', 'Small / Whole', 0],
      ['latte-small-oat', 'Small / Oat', 0.5],
      ['latte-large-whole', 'Large / Whole', 0.7],
      ['latte-large-oat', 'Large / Oat', 0.79], // on sale at 3.99 (regular 4.40), no end date
    ]);
  });

  it('finds variations by id:NN and names SKU-less values after the option', () => {
    const smoothie = product(result, '212');
    expect(smoothie).toMatchObject({ name: 'Smoothie', price: 5.5, category_ext_id: 'cat-smoothies' });
    expect(smoothie.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['212-variant-mango', 'Mango', 0],
      ['212-variant-berry', 'Berry', 0.4],
    ]);
  });

  it('hides products hidden from the catalog or not published, and sells at a running sale price', () => {
    // Sale price 2.90 with no schedule dates: a sale running until it is ended (regular 3.10).
    expect(product(result, 'pain-au-chocolat')).toMatchObject({ hidden: true, price: 2.9 });
    expect(result.notes.map((n) => n.message)).toContain(
      'product "Pain au Chocolat" sells at 2.90 from a sale with no end date (regular price 3.10)',
    );
    expect(product(result, 'seasonal-tart')).toMatchObject({ hidden: true, price: 4.25 });
    expect(product(result, 'gift-card-20')).toMatchObject({
      name: 'Gift Card €20',
      price: 20,
      hidden: false,
    });
  });
});

describe.skipIf(!samplePresent)('woocommerce-products on the official WooCommerce sample data', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extractMenu({ mapping: 'woocommerce-products', inputs: [SAMPLE] });
  });

  it('maps 24 rows to 13 products and 2 variant options, with no errors', () => {
    expect(errorsOf(result)).toEqual([]);
    expect(result.stats).toMatchObject({
      rows: 24,
      categories: 4,
      products: 13,
      options: 2,
      // Hoodie 6; T-Shirt 3 colours, each in the 3 sizes its "any" size stands for.
      option_values: 15,
    });
    expect(skippedCounts(result)).toEqual({ 'grouped-product': 1, 'external-product': 1 });
    expect(result.menu.categories.map((c) => c.name)).toEqual(['Tshirts', 'Hoodies', 'Accessories', 'Music']);
  });

  it('collects variations listed away from their parent, in row order', () => {
    const hoodie = product(result, 'cc-hoodie');
    // Red / No is on sale at 42 (regular 45): the cheapest, so the others cost 3 more.
    expect(hoodie).toMatchObject({ name: 'Hoodie', price: 42, category_ext_id: 'cat-hoodies' });
    expect(hoodie.options?.[0]?.name).toBe('Color / Logo');
    expect(hoodie.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['cc-hoodie-red', 'Red / No', 0],
      ['cc-hoodie-green', 'Green / No', 3],
      ['cc-hoodie-blue', 'Blue / No', 3],
      ['cc-hoodie-red-logo', 'Red / Yes', 3],
      ['cc-hoodie-blue-logo', 'Blue / Yes', 3],
      ['cc-hoodie-green-logo', 'Green / Yes', 3],
    ]);
  });

  it('offers every size the T-Shirt lists for its variations whose Size is "any" (empty)', () => {
    const tee = product(result, 'cc-tee');
    expect(tee.price).toBe(25);
    expect(tee.options?.[0]?.name).toBe('Color / Size');
    expect(tee.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['cc-t-shirt-blue-large', 'Blue / Large', 0],
      ['cc-t-shirt-blue-medium', 'Blue / Medium', 0],
      ['cc-t-shirt-blue-small', 'Blue / Small', 0],
      ['cc-t-shirt-green-large', 'Green / Large', 0],
      ['cc-t-shirt-green-medium', 'Green / Medium', 0],
      ['cc-t-shirt-green-small', 'Green / Small', 0],
      ['cc-t-shirt-red-large', 'Red / Large', 0],
      ['cc-t-shirt-red-medium', 'Red / Medium', 0],
      ['cc-t-shirt-red-small', 'Red / Small', 0],
    ]);
  });

  it('maps visibility, downloadable simple products and the first image', () => {
    expect(product(result, 'cc-hoodie-with-pocket')).toMatchObject({ hidden: true, price: 35 });
    expect(product(result, 'cc-album')).toMatchObject({
      price: 15,
      category_ext_id: 'cat-music',
      hidden: false,
    });
    // Sale price 18 with empty schedule dates: a running sale.
    expect(product(result, 'cc-beanie')).toMatchObject({
      price: 18,
      description: 'This is a simple product.',
      image: 'https://classiccommerce.cc/wp-content/downloads/sample-data-images/beanie.png',
    });
  });
});

describe('woocommerce-products on small edge-case exports', () => {
  const HEADER =
    'ID,Type,SKU,Name,Published,Visibility in catalog,Short description,Regular price,Categories,Parent,Attribute 1 name,Attribute 1 value(s)';
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'menusync-woo-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  async function run(name: string, lines: string[]): Promise<ExtractResult> {
    const file = path.join(dir, `${name}.csv`);
    await writeFile(file, [HEADER, ...lines].join('\n') + '\n');
    return extractMenu({ mapping: 'woocommerce-products', inputs: [file] });
  }

  it('accepts variations listed before their parent', async () => {
    const result = await run('children-first', [
      '2,variation,tea-green,Tea - Green,1,visible,,2.50,,tea,Kind,Green',
      '3,variation,tea-black,Tea - Black,1,visible,,2.00,,tea,Kind,Black',
      '1,variable,tea,Tea,1,visible,,,Drinks,,Kind,"Green, Black"',
    ]);
    expect(errorsOf(result)).toEqual([]);
    expect(product(result, 'tea').price).toBe(2);
    expect(product(result, 'tea').options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual(
      [
        ['Green', 0.5],
        ['Black', 0],
      ],
    );
  });

  it('expands an "any" variation listed before its parent, keeping a size another variation names', async () => {
    const result = await run('any-first', [
      '2,variation,latte-any,Latte - Any,1,visible,,3.50,,latte,Size,',
      '3,variation,latte-small,Latte - Small,1,visible,,3.00,,latte,Size,Small',
      '1,variable,latte,Latte,1,visible,,,Drinks,,Size,"Small, Large"',
    ]);
    expect(errorsOf(result)).toEqual([]);
    const latte = product(result, 'latte');
    expect(latte.price).toBe(3);
    // Small has a variation of its own at 3.00: the "any" one's Small is counted, not offered twice.
    expect(latte.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['latte-any-large', 'Large', 0.5],
      ['latte-small', 'Small', 0],
    ]);
    expect(skippedCounts(result)).toEqual({ 'value of an "any" variation another variation names': 1 });
  });

  it('reports a variation whose parent is not in the file as unknown-parent', async () => {
    const result = await run('orphan', [
      '5,variation,cake-slice,Cake - Slice,1,visible,,3.00,,cake,Size,Slice',
    ]);
    expect(result.issues).toContainEqual(
      expect.objectContaining({
        code: 'unknown-parent',
        severity: 'error',
        location: expect.objectContaining({ row: 2 }),
      }),
    );
    expect(result.menu.products).toEqual([]);
  });

  it('hides private and search-only products and files uncategorized ones', async () => {
    const result = await run('visibility', [
      '7,simple,secret,Staff Meal,-1,visible,,5.00,Kitchen,,,',
      '8,simple,search-only,Off-menu Shake,1,search,,4.00,,,,',
    ]);
    expect(errorsOf(result)).toEqual([]);
    expect(product(result, 'secret').hidden).toBe(true);
    expect(product(result, 'search-only')).toMatchObject({
      hidden: true,
      category_ext_id: 'cat-uncategorized',
    });
  });
});

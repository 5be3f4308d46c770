import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { errorsOf, formatFixture, product, skippedCounts } from './helpers.js';

// The shipped shopify-products mapping on our own fixtures, one per header layout (exact counts and
// entities). The real exports are covered in shopify-samples.test.ts.

const LEGACY = formatFixture('shopify-products/bakery-products-legacy.csv');
const NEW_2024 = formatFixture('shopify-products/cafe-products-2024.csv');

describe('shopify-products on the legacy-header fixture', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extractMenu({ mapping: 'shopify-products', inputs: [LEGACY] });
  });

  it('maps handles to products, counting image-only rows and archived products as skipped', () => {
    expect(errorsOf(result)).toEqual([]);
    expect(result.stats).toMatchObject({
      rows: 14,
      categories: 5,
      products: 5,
      options: 2,
      option_values: 7,
    });
    expect(skippedCounts(result)).toEqual({ 'image-only': 2, archived: 2 });
    expect(result.menu.products.map((p) => p.ext_id)).toEqual([
      'lemon-drizzle-cake',
      'cinnamon-bun',
      'vanilla-cupcakes',
      'birthday-balloon',
      'pumpkin-pie',
    ]);
  });

  it('names categories by the taxonomy path last segment, else the product type', () => {
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      ['cat-cakes', 'Cakes'],
      ['cat-pastries-scones', 'Pastries & Scones'],
      ['cat-cupcakes', 'Cupcakes'],
      ['cat-party-supplies', 'Party Supplies'],
      ['cat-pies-tarts', 'Pies & Tarts'],
    ]);
    expect(product(result, 'birthday-balloon')).toMatchObject({
      category_ext_id: 'cat-party-supplies',
      price: 4,
    });
  });

  it('combines Flavor and Size into one option whose values carry the price difference', () => {
    const cake = product(result, 'lemon-drizzle-cake');
    expect(cake).toMatchObject({
      name: 'Lemon Drizzle & Poppy Cake',
      price: 30,
      hidden: false,
      image: 'https://cdn.shopify.com/s/files/1/0000/0001/files/lemon.jpg?v=1',
    });
    expect(cake.description).toMatch(/^Zesty lemon sponge with a poppy seed crunch\.\n+Serves 8–12\.$/);
    expect(cake.options).toHaveLength(1);
    expect(cake.options?.[0]).toMatchObject({ name: 'Flavor / Size', min_selectable: 1, max_selectable: 1 });
    expect(cake.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['lemon-drizzle-cake-variant-lemon-6', 'lemon / 6"', 0],
      ['lemon-drizzle-cake-variant-lemon-8', 'lemon / 8"', 12],
      ['lemon-drizzle-cake-variant-orange-6', 'orange / 6"', 2],
      ['lemon-drizzle-cake-variant-orange-8', 'orange / 8"', 14],
    ]);
  });

  it('gives a single "Default Title" variant no option', () => {
    expect(product(result, 'cinnamon-bun')).toMatchObject({
      price: 3.5,
      description: 'Soft, sticky & warm.',
    });
    expect(product(result, 'cinnamon-bun').options).toBeUndefined();
    expect(
      product(result, 'vanilla-cupcakes').options?.[0]?.option_values?.map((v) => [v.name, v.price_operand]),
    ).toEqual([
      ['Box of 4', 0],
      ['Box of 6', 5.5],
      ['Box of 12', 20],
    ]);
  });

  it('imports a draft product hidden', () => {
    expect(product(result, 'pumpkin-pie')).toMatchObject({ hidden: true, price: 18 });
  });
});

describe('shopify-products on the 2024-header fixture', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extractMenu({ mapping: 'shopify-products', inputs: [NEW_2024] });
  });

  it('reads URL handle, Price, Product category and the capitalised Status', () => {
    expect(errorsOf(result)).toEqual([]);
    expect(result.stats).toMatchObject({
      rows: 10,
      categories: 4,
      products: 4,
      options: 2,
      option_values: 6,
    });
    expect(skippedCounts(result)).toEqual({ 'image-only': 1, archived: 1 });
    expect(result.menu.categories.map((c) => c.name)).toEqual([
      'Coffee',
      'Pastries & Scones',
      'Vouchers',
      'Tea & Infusions',
    ]);
  });

  it('maps the two-axis cappuccino and comma-decimal prices', () => {
    const cappuccino = product(result, 'oat-cappuccino');
    expect(cappuccino).toMatchObject({
      name: 'Cappuccino',
      description: 'Espresso, steamed milk & foam.',
      price: 3.2,
      hidden: false,
      image: 'https://example.test/cappuccino.jpg',
    });
    expect(cappuccino.options?.[0]?.name).toBe('Size / Milk');
    expect(cappuccino.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Small / Whole', 0],
      ['Small / Oat', 0.5],
      ['Large / Whole', 0.7],
      ['Large / Oat', 1.2],
    ]);
    const voucher = product(result, 'gift-voucher');
    expect(voucher).toMatchObject({ price: 25, category_ext_id: 'cat-vouchers' });
    expect(voucher.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['€25', 0],
      ['€50', 25],
    ]);
  });

  it('hides drafts and products not published on the online store', () => {
    expect(product(result, 'almond-croissant')).toMatchObject({ hidden: true, price: 3.8 });
    expect(product(result, 'matcha-latte')).toMatchObject({ hidden: true, price: 4.1 });
  });
});

describe('shopify-products on small edge-case exports', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'menusync-shopify-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('reads an export trimmed to one option column and warns about an unknown status', async () => {
    const file = path.join(dir, 'trimmed.csv');
    await writeFile(
      file,
      [
        'Handle,Title,Type,Published,Option1 Name,Option1 Value,Variant Price,Status',
        'brownie,Brownie,Bakes,true,Size,Square,2.50,active',
        'brownie,,,,,Tray,18.00,',
        'mystery-box,Mystery Box,Bakes,true,Title,Default Title,9.00,pending',
      ].join('\n') + '\n',
    );
    const result = await extractMenu({ mapping: 'shopify-products', inputs: [file] });
    expect(errorsOf(result)).toEqual([]);
    expect(result.stats).toMatchObject({ categories: 1, products: 2, options: 1, option_values: 2 });
    expect(
      product(result, 'brownie').options?.[0]?.option_values?.map((v) => [v.name, v.price_operand]),
    ).toEqual([
      ['Square', 0],
      ['Tray', 15.5],
    ]);
    expect(product(result, 'mystery-box').hidden).toBeUndefined();
    expect(result.issues).toContainEqual(
      expect.objectContaining({
        code: 'unseen-enum-value',
        severity: 'warning',
        location: expect.objectContaining({ row: 4 }),
      }),
    );
  });
});

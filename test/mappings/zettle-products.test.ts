import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initMapping } from '../../src/init/index.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { extractWith, formatFixture, product, skippedCounts, warningsOf } from './helpers.js';

// The shipped zettle-products mapping on our Stockholm café's product library (invented data in
// the Product Library API's shape: products with a category, variants with minor-unit prices).

const FIXTURE = formatFixture('zettle-products/products.json');
const extract = extractWith('zettle-products');
const LATTE = '5e1f0000-0002-11ef-9000-0242ac120002';

describe('zettle-products on GET /organizations/self/products/v2', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extract(FIXTURE);
  });

  it('maps 7 products in their categories, a product without one in the fallback', () => {
    expect(result.stats).toMatchObject({
      categories: 4,
      products: 7,
      options: 2,
      option_values: 6,
      errors: 0,
    });
    expect(skippedCounts(result)).toEqual({ 'category listed again (first kept)': 3 });
    expect(result.menu.categories.map((c) => c.name)).toEqual(['Kaffe', 'Bageri', 'Lunch', 'Uncategorized']);
    expect(product(result, '5e1f0000-0007-11ef-9000-0242ac120002').category_ext_id).toBe('cat-uncategorized');
  });

  it('divides minor units; a one-variant product takes its variant price, no option', () => {
    expect(result.menu.products.map((p) => [p.name, p.price])).toEqual([
      ['Bryggkaffe', 35],
      ['Caffe latte', 42],
      ['Kanelbulle', 32],
      ['Kardemummabulle', 34],
      ['Dagens soppa', undefined],
      ['Räksmörgås', 89],
      ['Presentkort 200 kr', 200],
    ]);
    expect(product(result, '5e1f0000-0001-11ef-9000-0242ac120002')).toMatchObject({
      description: 'Påtår ingår',
      image: 'https://example.test/img/bryggkaffe.jpg',
    });
    expect(product(result, '5e1f0000-0001-11ef-9000-0242ac120002').options).toBeUndefined();
  });

  it('makes variants one required choice named by the option definitions, priced by difference', () => {
    const variant = product(result, LATTE).options?.[0];
    expect(variant).toMatchObject({
      ext_id: `${LATTE}-variant`,
      name: 'Storlek / Mjölk',
      type: 'single',
      min_selectable: 1,
      max_selectable: 1,
    });
    // The fourth variant has no name: its option values name it.
    expect(variant?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['6a000000-0021-11ef-9000-0242ac120002', 'Liten / Mjölk', 0],
      ['6a000000-0022-11ef-9000-0242ac120002', 'Liten / Havre', 5],
      ['6a000000-0023-11ef-9000-0242ac120002', 'Stor / Mjölk', 10],
      ['6a000000-0024-11ef-9000-0242ac120002', 'Stor / Havre', 15],
    ]);
  });

  it('hides a product whose price is entered at the register, saying so at its path', () => {
    expect(result.menu.products.filter((p) => p.hidden).map((p) => p.name)).toEqual(['Dagens soppa']);
    expect(warningsOf(result)).toEqual([
      expect.objectContaining({
        code: 'missing-value',
        location: expect.objectContaining({ path: '$[4]' }) as unknown,
        message: expect.stringContaining('hidden (unpriced: hide)') as unknown,
      }),
    ]);
  });
});

describe('zettle-products on GET /organizations/self/library', () => {
  it('maps the products of the library object to the same menu, and init recognizes it', async () => {
    const products = JSON.parse(readFileSync(FIXTURE, 'utf8')) as unknown[];
    const file = path.join(testTempDir('zettle'), 'library.json');
    writeFileSync(
      file,
      JSON.stringify({
        fromEventLogUuid: null,
        untilEventLogUuid: 'e1',
        products,
        discounts: [],
        deletedProducts: [],
      }),
    );
    const { recognition } = await initMapping({ input: file });
    expect(recognition?.format.mapping).toBe('zettle-products');
    const library = await extract(file);
    const array = await extract(FIXTURE);
    expect(library.menu).toEqual(array.menu);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractResult } from '../../src/mapping/types.js';
import { errorsOf, extractWith, product, samplesDir } from './helpers.js';

// The shipped shopify-products mapping on the two real Shopify exports in ../shared/pos-samples
// (never copied into the repository). Expected counts were worked out by hand from the files.

const { dir: SAMPLES, present } = samplesDir('shopify');
const extract = extractWith('shopify-products', SAMPLES);

describe.skipIf(!present)('shopify-products on the real Shopify exports', () => {
  describe('bakery export (legacy headers, 1458 rows)', () => {
    let result: ExtractResult;
    beforeAll(async () => {
      result = await extract('cake-bakery-products_export_1.csv');
    });

    it('maps 288 products, 209 with a variant option, skipping the 41 image-only rows', () => {
      expect(errorsOf(result)).toEqual([]);
      expect(result.stats).toMatchObject({
        rows: 1458,
        categories: 17,
        products: 288,
        // 206 products with several variants, and 3 whose single variant is a real size (`10"`).
        options: 209,
        option_values: 1338,
      });
      expect(
        ['minnion-smile-birthday-cake', 'dino-roar-birthday-cake', 'midnight-gold-harmony-cake'].map((id) =>
          product(result, id).options?.map((o) => [o.name, o.option_values?.map((v) => v.name)]),
        ),
      ).toEqual(Array(3).fill([['Size', ['10"']]]));
      expect(result.skipped).toEqual([{ reason: 'image-only', count: 41 }]);
      // Three products priced 0 with no priced variant are hidden (unpriced: hide), each said.
      expect(result.menu.products.filter((p) => p.hidden === true).map((p) => p.ext_id)).toEqual([
        'dads-birthday-balloon-bouquet-3',
        '18-princess-birthday-ballon',
        'ultimate-match-day-football-cake',
      ]);
      expect(result.issues.filter((i) => i.code === 'unpriced')).toHaveLength(3);
    });

    it('names categories by the last taxonomy segment, in order of appearance', () => {
      expect(result.menu.categories.slice(0, 4).map((c) => [c.ext_id, c.name])).toEqual([
        ['cat-cakes', 'Cakes'],
        ['cat-cupcakes', 'Cupcakes'],
        ['cat-uncategorized', 'Uncategorized'],
        ['cat-pastries-scones', 'Pastries & Scones'],
      ]);
      expect(result.menu.products.filter((p) => p.category_ext_id === 'cat-balloons')).toHaveLength(38);
    });

    it('combines Flavor x Size into one nine-value option priced from the cheapest combination', () => {
      const cake = product(result, 'enchanted-mermaid-under-the-sea-cake');
      expect(cake.price).toBe(42);
      expect(cake.options?.[0]?.name).toBe('Flavor / Size');
      const values = cake.options?.[0]?.option_values ?? [];
      expect(values).toHaveLength(9);
      expect(values[0]).toMatchObject({ name: 'red-velvet / 6"', price_operator: '+', price_operand: 3 });
      expect(values[8]).toMatchObject({ name: 'victoria-sponge / 10"', price_operand: 36 });
    });

    it('decodes entities in titles and gives a Default Title product no option', () => {
      expect(product(result, 'the-golden-truffle-amp-honeycomb-crumb-cake')).toMatchObject({
        name: 'The Golden Truffle & Honeycomb Crumb Cake',
        price: 18,
        category_ext_id: 'cat-cakes',
      });
      const bento = product(result, 'the-midnight-luxe-bento-celebration-box');
      expect(bento).toMatchObject({ price: 40, category_ext_id: 'cat-cupcakes' });
      expect(bento.options).toBeUndefined();
    });
  });

  describe('Shopify sample template (2024 headers)', () => {
    let result: ExtractResult;
    beforeAll(async () => {
      result = await extract('shopify-sample-product-template-2024.csv');
    });

    it('maps 16 rows to 3 products', () => {
      expect(errorsOf(result)).toEqual([]);
      expect(result.stats).toMatchObject({
        rows: 16,
        categories: 3,
        products: 3,
        options: 3, // the perfume's single variant "Premium" is kept; "Default Title" never is
        option_values: 16,
      });
      expect(result.menu.categories.map((c) => c.name)).toEqual([
        'T-Shirts',
        'E-Books',
        'Perfumes & Colognes',
      ]);
    });

    it('maps the 12 size/colour variants and the format variants', () => {
      const shirt = product(result, 'physical-product-the-band-t-shirt');
      expect(shirt).toMatchObject({
        name: 'Physical Product “The Band” T-Shirt',
        price: 19.99,
        hidden: false,
      });
      expect(shirt.options?.[0]?.name).toBe('Size / Color');
      expect(shirt.options?.[0]?.option_values?.[0]).toMatchObject({
        name: 'Small / green',
        price_operand: 0,
      });
      const book = product(result, 'digital-product-the-history-of-rock-music');
      expect(book.price).toBe(9.99);
      expect(book.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
        ['PDF', 5],
        ['Audio', 12],
        ['Kindle', 0],
      ]);
    });

    it('hides the product not published on the online store', () => {
      expect(product(result, 'example-perfume')).toMatchObject({ hidden: true, price: 74.99 });
      expect(product(result, 'example-perfume').options?.[0]?.option_values?.map((v) => v.name)).toEqual([
        'Premium',
      ]);
    });
  });
});

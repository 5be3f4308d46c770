import { describe, expect, it } from 'vitest';
import { extractWith, formatFixture, sampleFile } from './helpers.js';

const fixture = formatFixture('square-catalog-api/catalog-objects.json');
const { file: sample, present } = sampleFile('square/icecream-catalog-api-objects.json');

const extract = extractWith('square-catalog-api');

describe('square-catalog-api on our fixture (a ListCatalog response body)', () => {
  it('maps categories, items, variations and modifier lists with exact counts', async () => {
    const result = await extract(fixture);
    expect(result.stats).toMatchObject({
      categories: 3, // and "Uncategorized" for the gift card
      products: 4,
      options: 3,
      option_values: 5,
      errors: 0,
    });
    expect(result.skipped).toEqual([
      { reason: 'image object', count: 1 },
      { reason: 'discount object', count: 1 },
      { reason: 'modifier object outside its list (also nested in the MODIFIER_LIST)', count: 1 },
      { reason: 'catalog object of another type (tax, item option, ...)', count: 1 },
      { reason: 'deleted object', count: 1 },
      { reason: 'modifier list disabled for the item', count: 1 },
      { reason: 'modifier list no item uses', count: 1 },
    ]);
  });

  it('files an item with no category under the fallback, and hides it for having no price', async () => {
    const result = await extract(fixture);
    expect(result.menu.products.find((p) => p.ext_id === 'I-GIFT')?.category_ext_id).toBe(
      'cat-uncategorized',
    );
    expect(result.menu.categories.at(-1)).toEqual({
      ext_id: 'cat-uncategorized',
      name: 'Uncategorized',
      position: 3,
      hidden: true, // its one product has no price, so it is hidden, and the category with it
    });
    expect(result.notes.map((n) => n.message)).toEqual([
      '1 product without a category is in the fallback category "Uncategorized" (cat-uncategorized)',
      '1 category whose products are all hidden is hidden too',
    ]);
    expect(result.issues.map((i) => [i.code, i.severity, i.message, i.location.path])).toEqual([
      // The missing price's own warning says what became of the item: hidden.
      [
        'missing-value',
        'warning',
        'product "I-GIFT" has no price; product "Gift card" (I-GIFT) has no price: hidden (unpriced: hide)',
        '$.objects[6]',
      ],
    ]);
  });

  it('makes several variations one required option priced from the cheapest, and lists options', async () => {
    const { menu } = await extract(fixture);
    expect(menu.products[0]).toEqual({
      ext_id: 'I-LATTE',
      category_ext_id: 'C-COFFEE',
      name: 'Latte',
      description: 'Espresso & steamed milk',
      price: 3.5,
      position: 1,
      options: [
        {
          ext_id: 'variation-I-LATTE', // the item's id in it: one option per item
          name: 'Variation',
          type: 'single',
          min_selectable: 1,
          max_selectable: 1,
          position: 1,
          option_values: [
            { ext_id: 'V-LATTE-S', name: 'Small', position: 1, price_operator: '+', price_operand: 0 },
            { ext_id: 'V-LATTE-L', name: 'Large', position: 2, price_operator: '+', price_operand: 0.75 },
          ],
        },
        {
          ext_id: 'ML-MILK',
          name: 'Milk',
          type: 'single',
          max_selectable: 1,
          position: 2,
          option_values: [
            { ext_id: 'M-OAT', name: 'Oat milk', position: 1, price_operator: '+', price_operand: 0.6 },
            { ext_id: 'M-WHOLE', name: 'Whole milk', position: 2, price_operator: '+', price_operand: 0 },
          ],
        },
      ],
    });
  });

  it('gives a single variation no option and skips a modifier list the item disables', async () => {
    const { menu } = await extract(fixture);
    expect(menu.products.find((p) => p.ext_id === 'I-CROISSANT')).toEqual({
      ext_id: 'I-CROISSANT',
      category_ext_id: 'C-BAKERY',
      name: 'Croissant',
      price: 2.95,
      position: 1,
    });
    const espresso = menu.products.find((p) => p.ext_id === 'I-ESPRESSO');
    expect(espresso?.options?.map((o) => o.ext_id)).toEqual(['ML-SYRUP']);
    expect(espresso?.options?.[0]).not.toHaveProperty('type');
  });
});

describe.skipIf(!present)('square-catalog-api on the real ice-cream shop objects (a bare array)', () => {
  it('maps 16 categories, 299 items, 162 options and 604 values with zero errors', async () => {
    const result = await extract(sample);
    expect(result.stats).toMatchObject({
      // with "Uncategorized" for the 3 items with none; the one category no item is in is left out
      categories: 16,
      products: 299,
      options: 162,
      option_values: 604,
      errors: 0,
    });
    expect(result.skipped).toEqual([
      { reason: 'image object', count: 10 },
      { reason: 'discount object', count: 8 },
      { reason: 'modifier object outside its list (also nested in the MODIFIER_LIST)', count: 119 },
      { reason: 'category with no product (empty_categories: keep keeps it)', count: 1 },
    ]);
    // 3 items have no category_id (a note names their fallback category) and one ("cookie fill")
    // has no variations, hence no price.
    // 11 items priced 0 are hidden, each with an `unpriced` warning; the one with no price is
    // hidden too, said by its missing-value warning.
    expect(result.issues.filter((i) => i.code === 'unpriced')).toHaveLength(11);
    expect(
      result.issues
        .filter((i) => i.code !== 'unpriced')
        .map((i) => i.message)
        .sort(),
    ).toEqual([
      'product "5HGYGONKHMKCIYKAZT7GD6GT" has no price; product "cookie fill" (5HGYGONKHMKCIYKAZT7GD6GT) has no price: hidden (unpriced: hide)',
    ]);
    expect(result.menu.products.filter((p) => p.category_ext_id === 'cat-uncategorized')).toHaveLength(3);
  });

  it('matches hand-checked entities', async () => {
    const { menu } = await extract(sample);
    expect(menu.products.find((p) => p.ext_id === '5OA65OJCEMWI5FURJQ3RRVTL')).toEqual({
      ext_id: '5OA65OJCEMWI5FURJQ3RRVTL',
      category_ext_id: 'IKMPD6MPVPOGD4MS4G4J3TQN',
      name: 'banana pint',
      price: 10,
      position: expect.any(Number) as number,
    });
    const coffee = menu.products.find((p) => p.ext_id === 'YSWVONT43NVNHVQIAPCDN4O6');
    expect(coffee).toMatchObject({ name: 'drip coffee', price: 2.5 });
    expect(coffee?.options?.map((o) => [o.ext_id, o.name])).toEqual([
      ['variation-YSWVONT43NVNHVQIAPCDN4O6', 'Variation'],
      ['M7QUOZOMTZPBJ4I2OXP2KRB5', 'milk option'],
    ]);
    expect(coffee?.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['8 oz', 0],
      ['12 oz', 0.5],
    ]);
    expect(coffee?.options?.[1]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['whole milk', 0],
      ['oat milk', 1],
    ]);
    // "select your varietal" at 0 makes the base price 0; the beans carry their full price.
    const beans = menu.products.find((p) => p.ext_id === '6IKBVSZV2JOTUFVZNNQSANM4');
    expect(beans?.price).toBe(0);
    expect(beans?.options?.[0]?.option_values?.map((v) => v.price_operand)).toEqual([0, 16, 16]);
    expect(menu.categories.find((c) => c.ext_id === 'M2K5IIO5YF37GPU35BGCHCEX')?.name).toBe(
      'soft serve flavor',
    );
  });
});

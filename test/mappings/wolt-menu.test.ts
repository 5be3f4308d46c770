import { describe, expect, it } from 'vitest';
import { extractWith, formatFixture, product } from './helpers.js';

const fixture = formatFixture('wolt-menu/assortment.json');
const extract = extractWith('wolt-menu');

describe('wolt-menu on our fixture', () => {
  it('puts each item in the category whose item_ids list it, and leaves out the empty category', async () => {
    const result = await extract(fixture);
    expect(result.menu.categories).toEqual([
      { ext_id: 'cat-pizza', name: 'Pizzat', description: 'Kiviuunissa paistetut', position: 1 },
      { ext_id: 'cat-drinks', name: 'Juomat', position: 2 },
    ]);
    expect(result.menu.products.map((p) => [p.ext_id, p.category_ext_id, p.position])).toEqual([
      ['item-margherita', 'cat-pizza', 1],
      ['item-diavola', 'cat-pizza', 2],
      ['item-funghi', 'cat-pizza', 3],
      ['item-cola', 'cat-drinks', 1],
    ]);
    expect(result.skipped).toEqual([
      { reason: 'item no category lists', count: 1 },
      { reason: 'category with no product (empty_categories: keep keeps it)', count: 1 },
    ]);
    // Margherita is listed in Juomat too: the platform has one category per product, and it says so.
    expect(result.issues.map((i) => [i.severity, i.code, i.location.path, i.message])).toEqual([
      [
        'warning',
        'duplicate-ext-id',
        '$.categories[1]',
        'index "category_of": key "item-margherita" appears again; the first wins',
      ],
    ]);
  });

  it('divides minor units, and hides an item with disabled_info', async () => {
    const result = await extract(fixture);
    expect(product(result, 'item-margherita')).toMatchObject({
      name: 'Margherita',
      price: 11.9,
      hidden: false,
      description: 'Tomaatti, mozzarella, basilika',
      image: 'https://example.test/img/margherita.jpg',
    });
    expect(product(result, 'item-cola').price).toBe(3.5);
    expect(product(result, 'item-funghi')).toMatchObject({ price: 12.9, hidden: true });
  });

  it('looks options up by option_id: a required size and optional toppings, disabled values hidden', async () => {
    const result = await extract(fixture);
    expect(product(result, 'item-margherita').options).toEqual([
      {
        ext_id: 'opt-size',
        name: 'Koko',
        type: 'single',
        min_selectable: 1,
        max_selectable: 1,
        position: 1,
        option_values: [
          {
            ext_id: 'val-size-normal',
            name: 'Normaali',
            price_operator: '+',
            price_operand: 0,
            hidden: false,
            position: 1,
          },
          {
            ext_id: 'val-size-family',
            name: 'Perhe',
            price_operator: '+',
            price_operand: 6,
            hidden: false,
            position: 2,
          },
        ],
      },
      {
        ext_id: 'opt-toppings',
        name: 'Lisätäytteet',
        min_selectable: 0,
        max_selectable: 3,
        position: 2,
        option_values: [
          {
            ext_id: 'val-top-olives',
            name: 'Oliivit',
            price_operator: '+',
            price_operand: 1.5,
            hidden: false,
            position: 1,
          },
          {
            ext_id: 'val-top-ham',
            name: 'Kinkku',
            price_operator: '+',
            price_operand: 2,
            hidden: true,
            position: 2,
          },
        ],
      },
    ]);
    expect(result.stats).toMatchObject({
      categories: 2,
      products: 4,
      options: 3,
      option_values: 6,
      errors: 0,
    });
  });
});

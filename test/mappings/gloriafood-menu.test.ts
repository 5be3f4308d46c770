import { describe, expect, it } from 'vitest';
import { extractWith, formatFixture, sampleFile } from './helpers.js';

const fixture = formatFixture('gloriafood-menu/menu.json');
const { file: sample, present } = sampleFile('gloriafood/fetch_menu_v2_menu.json');

const extract = extractWith('gloriafood-menu');

describe('gloriafood-menu on our fixture', () => {
  it('maps every category, item, size and option group with exact counts and no issues', async () => {
    const result = await extract(fixture);
    expect(result.stats).toMatchObject({ categories: 4, products: 6, options: 6, option_values: 12 });
    expect(result.issues).toEqual([]);
    expect(result.skipped).toEqual([]);
  });

  it('keeps category-level groups on the category, required groups with force_min as minimum', async () => {
    const { menu } = await extract(fixture);
    expect(menu.categories.map((c) => [c.ext_id, c.name, c.hidden])).toEqual([
      ['101', 'Burgers', false],
      ['102', 'Sides', false],
      ['103', 'Drinks', false],
      ['104', 'Seasonal', true],
    ]);
    expect(menu.categories[0]?.options).toEqual([
      {
        ext_id: '201',
        name: 'Sauce',
        type: 'single',
        min_selectable: 1,
        max_selectable: 1,
        position: 1,
        option_values: [
          {
            ext_id: '2011',
            name: 'Ketchup',
            checked_default: true,
            position: 1,
            price_operator: '+',
            price_operand: 0,
          },
          {
            ext_id: '2012',
            name: 'Mayo',
            checked_default: false,
            position: 2,
            price_operator: '+',
            price_operand: 0,
          },
          {
            ext_id: '2013',
            name: 'BBQ',
            checked_default: false,
            position: 3,
            price_operator: '+',
            price_operand: 0.3,
          },
        ],
      },
    ]);
  });

  it('maps an optional group with force_max 0 as "no maximum" and an inactive item as hidden', async () => {
    const { menu } = await extract(fixture);
    const burger = menu.products.find((p) => p.ext_id === '1001');
    expect(burger).toMatchObject({
      category_ext_id: '101',
      name: 'Classic Burger',
      price: 8.5,
      hidden: false,
    });
    expect(burger?.options).toHaveLength(1);
    const extras = burger?.options?.[0];
    expect(extras).toMatchObject({ ext_id: '301', name: 'Extras', min_selectable: 0 });
    expect(extras).not.toHaveProperty('max_selectable');
    expect(extras).not.toHaveProperty('type');
    expect(extras?.option_values?.map((v) => v.price_operand)).toEqual([0.8, 1.25]);
    expect(menu.products.find((p) => p.ext_id === '1002')).toMatchObject({ hidden: true, position: 2 });
  });

  it('turns sizes into a required Size option and size-level groups into optional noted options', async () => {
    const { menu } = await extract(fixture);
    const fries = menu.products.find((p) => p.ext_id === '1003');
    expect(fries?.price).toBe(3.2);
    expect(
      fries?.options?.map((o) => [o.ext_id, o.name, o.min_selectable, o.max_selectable, o.note]),
    ).toEqual([
      ['size-1003', 'Size', 1, 1, undefined], // the item's id in it: one Size option per item
      // The Dip group sits on both sizes: one option, noted with the first size that has it.
      ['501', 'Dip', 0, 2, 'Only with size Regular'],
      ['502', 'Extra salt', 0, 1, 'Only with size Large'],
    ]);
    expect(fries?.options?.[0]?.option_values).toEqual([
      {
        ext_id: '401',
        name: 'Regular',
        checked_default: true,
        position: 1,
        price_operator: '+',
        price_operand: 0,
      },
      {
        ext_id: '402',
        name: 'Large',
        checked_default: false,
        position: 2,
        price_operator: '+',
        price_operand: 1.5,
      },
    ]);
  });

  it('gives items without sizes or groups no options, and leaves empty descriptions out', async () => {
    const { menu } = await extract(fixture);
    const water = menu.products.find((p) => p.ext_id === '1005');
    expect(water).toEqual({
      ext_id: '1005',
      category_ext_id: '103',
      name: 'Still Water',
      price: 1.5,
      hidden: false,
      position: 2,
    });
  });
});

describe.skipIf(!present)('gloriafood-menu on the vendor sample payload', () => {
  it('maps 2 categories, 4 items, 7 options and 14 values with zero errors', async () => {
    const result = await extract(sample);
    expect(result.stats).toMatchObject({
      categories: 2,
      products: 4,
      options: 7,
      option_values: 14,
      errors: 0,
    });
    expect(result.skipped).toEqual([]);
  });

  it('matches hand-checked entities: Pizza Margherita with its sizes and per-size toppings', async () => {
    const { menu } = await extract(sample);
    expect(menu.categories[0]?.options?.[0]).toMatchObject({
      ext_id: '16977',
      name: 'Crust',
      min_selectable: 1,
    });
    const margherita = menu.products.find((p) => p.ext_id === '58424');
    expect(margherita).toMatchObject({ name: 'Pizza Margherita', price: 7, category_ext_id: '14937' });
    const [size, small, large] = margherita?.options ?? [];
    expect(size?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Small', 0],
      ['Large', 2],
    ]);
    expect(small).toMatchObject({
      ext_id: '16978',
      name: 'Extra Toppings (Small)',
      note: 'Only with size Small',
    });
    expect(large?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Corn', 1.2],
      ['Extra mozzarella', 1.7],
    ]);
    expect(menu.products.find((p) => p.ext_id === '58427')).toMatchObject({
      name: 'Spaghetti Frutti di Mare',
      price: 12,
      category_ext_id: '14938',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { extractWith, formatFixture, product } from './helpers.js';

const fixture = formatFixture('iiko-nomenclature/nomenclature.json');
const extract = extractWith('iiko-nomenclature');

describe('iiko-nomenclature on our fixture', () => {
  it('maps the groups that hold products, leaves out the parent with none, and counts what it skips', async () => {
    const result = await extract(fixture);
    expect(result.menu.categories.map((c) => [c.ext_id, c.name, c.hidden, c.position])).toEqual([
      ['g-bread', 'Хлеб', false, 1],
      ['g-pastry', 'Выпечка', false, 2],
      ['g-coffee', 'Кофе', false, 3],
      ['g-kitchen', 'Заготовки', true, 4], // isIncludedInMenu false
    ]);
    expect(result.skipped).toEqual([
      { reason: 'deleted group', count: 1 },
      { reason: 'modifier group (its modifiers are options)', count: 1 },
      { reason: 'deleted product', count: 1 },
      { reason: 'modifier product (a value of its group)', count: 2 },
      { reason: 'product listed again (first kept)', count: 1 }, // the croissant in Кофе too
      { reason: 'category with no product (empty_categories: keep keeps it)', count: 1 }, // Пекарня
    ]);
    expect(result.stats.errors).toBe(0);
  });

  it('prices a product with one size from it, and hides one with no price in the menu', async () => {
    const result = await extract(fixture);
    expect(product(result, 'p-baguette')).toMatchObject({
      name: 'Багет',
      category_ext_id: 'g-bread',
      price: 120,
      hidden: false,
      description: 'Французский багет',
    });
    expect(product(result, 'p-baguette').options).toBeUndefined();
    expect(product(result, 'p-croissant')).toMatchObject({
      category_ext_id: 'g-pastry',
      image: 'https://example.test/croissant.jpg',
    });
    expect(product(result, 'p-dough')).toMatchObject({ hidden: true });
    expect(product(result, 'p-dough').price).toBeUndefined();
  });

  it('makes sizes one required option from the cheapest in the menu, the default size pre-selected', async () => {
    const result = await extract(fixture);
    const cappuccino = product(result, 'p-cappuccino');
    expect(cappuccino.price).toBe(180);
    expect(cappuccino.options?.[0]).toEqual({
      ext_id: 'size-p-cappuccino',
      name: 'Size',
      type: 'single',
      min_selectable: 1,
      max_selectable: 1,
      position: 1,
      option_values: [
        {
          ext_id: 's-small',
          name: 'S 250 мл',
          price_operator: '+',
          price_operand: 0,
          hidden: false,
          checked_default: false,
          position: 1,
        },
        {
          ext_id: 's-medium',
          name: 'M 350 мл',
          price_operator: '+',
          price_operand: 40,
          hidden: false,
          checked_default: true,
          position: 2,
        },
        {
          ext_id: 's-large',
          name: 'L 450 мл',
          price_operator: '+',
          price_operand: 80,
          hidden: true,
          checked_default: false,
          position: 3,
        },
      ],
    });
  });

  it('reads a group modifier as an option whose values are the modifier products', async () => {
    const result = await extract(fixture);
    expect(product(result, 'p-cappuccino').options?.[1]).toEqual({
      ext_id: 'gm-milk',
      name: 'Молоко',
      type: 'single',
      min_selectable: 0,
      max_selectable: 1,
      position: 2,
      option_values: [
        { ext_id: 'm-oat', name: 'Овсяное молоко', price_operator: '+', price_operand: 60, position: 1 },
        {
          ext_id: 'm-lactose-free',
          name: 'Безлактозное молоко',
          price_operator: '+',
          price_operand: 40,
          position: 2,
        },
      ],
    });
  });
});

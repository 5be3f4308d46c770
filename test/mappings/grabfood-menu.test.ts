import { describe, expect, it } from 'vitest';
import { extractWith, formatFixture, product } from './helpers.js';

const fixture = formatFixture('grabfood-menu/menu.json');
const extract = extractWith('grabfood-menu');

describe('grabfood-menu on our fixture', () => {
  it('maps categories holding items, and leaves out the empty one', async () => {
    const result = await extract(fixture);
    expect(result.issues).toEqual([]);
    expect(result.menu.categories.map((c) => [c.ext_id, c.name, c.hidden])).toEqual([
      ['CAT-RICE', 'Rice Bowls', false],
      ['CAT-DRINKS', 'Drinks', false],
    ]);
    expect(result.skipped).toEqual([
      { reason: 'category with no product (empty_categories: keep keeps it)', count: 1 },
    ]);
  });

  it('divides minor units and hides UNAVAILABLE and HIDE items', async () => {
    const result = await extract(fixture);
    expect(result.menu.products.map((p) => [p.ext_id, p.category_ext_id, p.price, p.hidden])).toEqual([
      ['ITEM-CHKRICE', 'CAT-RICE', 5.5, false],
      ['ITEM-NASILEMAK', 'CAT-RICE', 6.2, true],
      ['ITEM-TEHTARIK', 'CAT-DRINKS', 2.3, false],
      ['ITEM-STAFF', 'CAT-DRINKS', 0, true],
    ]);
    expect(product(result, 'ITEM-CHKRICE')).toMatchObject({
      description: 'Poached chicken, fragrant rice',
      image: 'https://example.test/chicken-rice.jpg',
    });
  });

  it('makes modifier groups options with their selection range, unavailable modifiers hidden', async () => {
    const result = await extract(fixture);
    expect(product(result, 'ITEM-CHKRICE').options).toEqual([
      {
        ext_id: 'MG-PORTION',
        name: 'Rice Portion',
        type: 'single',
        min_selectable: 1,
        max_selectable: 1,
        hidden: false,
        position: 1,
        option_values: [
          {
            ext_id: 'MOD-REG',
            name: 'Regular',
            price_operator: '+',
            price_operand: 0,
            hidden: false,
            position: 1,
          },
          {
            ext_id: 'MOD-LARGE',
            name: 'Large',
            price_operator: '+',
            price_operand: 1,
            hidden: false,
            position: 2,
          },
        ],
      },
      {
        ext_id: 'MG-ADDON',
        name: 'Add-ons',
        min_selectable: 0,
        max_selectable: 3,
        hidden: false,
        position: 2,
        option_values: [
          {
            ext_id: 'MOD-EGG',
            name: 'Fried Egg',
            price_operator: '+',
            price_operand: 0.8,
            hidden: false,
            position: 1,
          },
          {
            ext_id: 'MOD-SAMBAL',
            name: 'Extra Sambal',
            price_operator: '+',
            price_operand: 0.5,
            hidden: true,
            position: 2,
          },
        ],
      },
    ]);
  });
});

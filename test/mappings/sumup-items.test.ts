import { beforeAll, describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { formatFixture, product } from './helpers.js';

// The shipped sumup-items mapping on our fixture (invented German café data, real SumUp layout):
// items with variations are a parent row with no price followed by child rows with no item name.

const FIXTURE = formatFixture('sumup-items/items.csv');
const U = (n: number) => `7c1f4a52-5e0b-4d3a-9b1e-${String(n).padStart(12, '0')}`;

describe('sumup-items on the SumUp fixture', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extractMenu({ mapping: 'sumup-items', inputs: [FIXTURE] });
  });

  it('maps 14 rows to 7 items in 5 categories with no issues', () => {
    expect(result.issues).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.stats).toMatchObject({
      rows: 14,
      categories: 5,
      products: 7,
      options: 3,
      option_values: 7,
    });
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      ['cat-kuchen-geback', 'Kuchen & Gebäck'],
      ['cat-hei-getranke', 'Heißgetränke'],
      ['cat-kaltgetranke', 'Kaltgetränke'],
      ['cat-gutscheine', 'Gutscheine'],
      ['cat-bohnen-zubehor', 'Bohnen & Zubehör'],
    ]);
  });

  it('takes ext_ids from SumUp ids, so two items with the same name stay apart', () => {
    const coffees = result.menu.products.filter((p) => p.name === 'Kaffee');
    expect(coffees.map((p) => p.ext_id)).toEqual([U(3), U(7)]);
    expect(product(result, U(7))).toMatchObject({
      price: 12.9,
      category_ext_id: 'cat-bohnen-zubehor',
    });
    // `<br />` then a newline in the cell is one line break.
    expect(product(result, U(7)).description).toBe('Röstkaffee 500 g\nganze Bohne');
  });

  it('maps a simple item with its own price and description', () => {
    expect(product(result, U(1))).toEqual({
      ext_id: U(1),
      name: 'Apfelstrudel mit Sahne',
      category_ext_id: 'cat-kuchen-geback',
      description: 'Hausgemacht, mit Vanillesoße auf Wunsch.',
      price: 4.5,
      hidden: false,
      position: 1,
    });
  });

  it('turns child rows into one required option priced from the cheapest variation', () => {
    const coffee = product(result, U(3));
    expect(coffee.price).toBe(2.8);
    expect(coffee.options).toHaveLength(1);
    expect(coffee.options?.[0]).toMatchObject({
      ext_id: `${U(3)}-variant`,
      type: 'single',
      min_selectable: 1,
      max_selectable: 1,
    });
    expect(coffee.options?.[0]?.option_values).toEqual([
      { ext_id: U(103), name: 'Tasse', price_operator: '+', price_operand: 0, hidden: false, position: 1 },
      { ext_id: U(104), name: 'Becher', price_operator: '+', price_operand: 0.6, hidden: false, position: 2 },
      { ext_id: U(105), name: 'Kanne', price_operator: '+', price_operand: 6.2, hidden: true, position: 3 },
    ]);
  });

  // SumUp writes the option set name (`Option set 1`) on the variation rows only, never on the item's.
  it('names each option from its first variation row, "Variante" when no row has an option set', () => {
    expect(result.menu.products.flatMap((p) => p.options ?? []).map((o) => o.name)).toEqual([
      'Größe',
      'Variante',
      'Sorte',
    ]);
  });

  it('names the unnamed default variation "Standard"', () => {
    const tea = product(result, U(4));
    expect(tea.price).toBe(2.5);
    expect(tea.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Standard', 0],
      ['Chai Latte', 1.4],
    ]);
  });

  it('hides items not displayed in the online store', () => {
    expect(product(result, U(5))).toMatchObject({ hidden: true, price: 3.2 });
    expect(product(result, U(6))).toMatchObject({ name: 'Gutschein 10 €', hidden: true, price: 10 });
    expect(product(result, U(2))).toMatchObject({ name: 'Brezel, groß', hidden: false, price: 1.2 });
  });
});

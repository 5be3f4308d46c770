import { describe, expect, it } from 'vitest';
import { extractWith, formatFixture, sampleFile } from './helpers.js';

const fixture = formatFixture('ubereats-menu/menu.json');
const { file: sample, present } = sampleFile('ubereats/tms-restaurant-menu-v2.json');

const extract = extractWith('ubereats-menu');

describe('ubereats-menu on our fixture', () => {
  it('maps categories, items and modifier groups with exact counts, and counts what it leaves out', async () => {
    const result = await extract(fixture);
    // Deals holds only a modifier group, no item: an empty category, left out and counted.
    expect(result.stats).toMatchObject({ categories: 2, products: 3, options: 3, option_values: 6 });
    expect(result.issues).toEqual([]);
    expect(result.skipped).toEqual([
      { reason: 'category entity that is not an item', count: 1 },
      { reason: 'product listed again (first kept)', count: 1 },
      { reason: 'item no mapped category or modifier group reaches', count: 1 },
      { reason: 'modifier group no mapped product uses', count: 1 },
      { reason: 'category with no product (empty_categories: keep keeps it)', count: 1 },
    ]);
  });

  it('looks items up from category entities (an untyped entity is an item) and divides cents', async () => {
    const { menu } = await extract(fixture);
    expect(menu.products.map((p) => [p.ext_id, p.category_ext_id, p.name, p.price, p.position])).toEqual([
      ['Margherita', 'Pizzas', 'Margherita', 10.5, 1],
      ['Diavola', 'Pizzas', 'Diavola', 12, 2],
      ['Cola-330', 'Drinks', 'Cola 0.33 l', 2.5, 1],
    ]);
    expect(menu.products[0]).toMatchObject({
      description: 'Tomato, mozzarella, basil',
      image: 'https://example.test/img/margherita.jpeg',
    });
    expect(menu.products[1]).not.toHaveProperty('description');
    expect(menu.categories.map((c) => c.name)).toEqual(['Pizzas', 'Drinks']);
  });

  it('prices a modifier item by its override for the group, else by its own price', async () => {
    const { menu } = await extract(fixture);
    const [size, toppings] = menu.products[0]?.options ?? [];
    expect(size).toEqual({
      ext_id: 'Size-Choice',
      name: 'Choose a size',
      type: 'single',
      min_selectable: 1,
      max_selectable: 1,
      position: 1,
      option_values: [
        // Scoped by their group: an item may be priced differently in another group.
        {
          ext_id: 'Size-Choice-Size-Small',
          name: 'Small',
          position: 1,
          price_operator: '+',
          price_operand: 0,
        },
        {
          ext_id: 'Size-Choice-Size-Large',
          name: 'Large',
          position: 2,
          price_operator: '+',
          price_operand: 4,
        },
      ],
    });
    expect(toppings).toMatchObject({ ext_id: 'Toppings', min_selectable: 0, max_selectable: 3, position: 2 });
    expect(toppings).not.toHaveProperty('type');
    // Olives: override 150 for Toppings (context_type written as 2); Extra cheese: its own 120.
    expect(toppings?.option_values?.map((v) => [v.ext_id, v.price_operand])).toEqual([
      ['Toppings-Olives', 1.5],
      ['Toppings-Extra-Cheese', 1.2],
    ]);
  });

  it('keeps plain category names when the export has one menu', async () => {
    const { menu } = await extract(fixture, { menu: 'all' });
    expect(menu.categories.map((c) => c.name)).toEqual(['Pizzas', 'Drinks']);
  });

  it('reads titles in the language given by the lang parameter', async () => {
    const result = await extract(fixture, { lang: 'fr' });
    expect(result.menu.products.map((p) => p.name)).toEqual(['Marguerite']);
    // The other titles have no French text: each is reported (3 categories, 2 items), never guessed.
    expect(result.issues.filter((i) => i.code === 'missing-value' && i.severity === 'error')).toHaveLength(5);
  });
});

describe.skipIf(!present)('ubereats-menu on the real restaurant menu', () => {
  it('maps 10 categories, 53 items, 48 options and 226 values with zero errors', async () => {
    const result = await extract(sample);
    expect(result.stats).toMatchObject({
      categories: 10,
      products: 53,
      options: 48,
      option_values: 226,
      errors: 0,
    });
    expect(result.skipped).toEqual([
      { reason: 'product listed again (first kept)', count: 5 },
      { reason: 'item no mapped category or modifier group reaches', count: 70 },
      { reason: 'modifier group no mapped product uses', count: 12 },
    ]);
  });

  it('names each category with the menus that list it: two "Salads" stay apart', async () => {
    const { menu } = await extract(sample);
    expect(menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      ['Fresh_Crisp_Salads', 'Salads (Menu)'],
      ['Mains', 'Mains (Menu)'],
      ['Salads', 'Salads (Vegan Menu)'],
      ['Al-A-Carte_Sides', 'Sides (Menu)'],
      ['Starters', 'Starters (Menu)'],
      ['Sides', 'Sides (Vegan Menu)'],
      ['Sandwiches', 'Sandwiches (Menu, Vegan Menu)'],
      ['Entree', 'Entree (Vegan Menu)'],
      ['Appetizers_48960', 'Appetizers (Vegan Menu)'],
      ['Famiglia_Favorites', 'Famiglia Favorites (Menu, Vegan Menu)'],
    ]);
  });

  it('maps only the menu the menu parameter names, counting the rest', async () => {
    const result = await extract(sample, { menu: 'Vegan_Menu' });
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      ['Salads', 'Salads'],
      ['Sides', 'Sides'],
      ['Sandwiches', 'Sandwiches'],
      ['Entree', 'Entree'],
      ['Appetizers_48960', 'Appetizers'],
      ['Famiglia_Favorites', 'Famiglia Favorites'],
    ]);
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.skipped).toContainEqual({ reason: 'category of another menu', count: 4 });
    // Stoppe Salad is in the vegan "Salads" now: the Menu's salads are not mapped.
    expect(result.menu.products.find((p) => p.ext_id === 'Stoppe_Salad')?.category_ext_id).toBe('Salads');
  });

  it('matches hand-checked entities', async () => {
    const { menu } = await extract(sample);
    const focaccia = menu.products.find((p) => p.ext_id === 'Focaccia-Pizza');
    expect(focaccia).toMatchObject({ name: 'Focaccia Pizza', price: 11, category_ext_id: 'Starters' });
    expect(focaccia?.options?.map((o) => [o.ext_id, o.max_selectable, o.option_values?.length])).toEqual([
      ['Choice-of-Meatballs-76370', 1, 2],
      ['Choice-of-Toppings', 1, 6],
    ]);
    // Stoppe Salad is in "Fresh_Crisp_Salads" (Menu) and "Salads" (Vegan Menu): the first wins.
    const salad = menu.products.find((p) => p.ext_id === 'Stoppe_Salad');
    expect(salad).toMatchObject({ category_ext_id: 'Fresh_Crisp_Salads', price: 8 });
    // Sauteed Shrimp costs 0 on its own but 500 cents inside "Choice-of-Add-ons".
    const addOns = salad?.options?.find((o) => o.ext_id === 'Choice-of-Add-ons');
    expect(
      addOns?.option_values?.find((v) => v.ext_id === 'Choice-of-Add-ons-Sauteed-Shrimp')?.price_operand,
    ).toBe(5);
    // The one category entity without a type is still an item.
    expect(menu.products.find((p) => p.ext_id === 'Five-Ball-Sampler')?.category_ext_id).toBe('Starters');
  });
});

describe('ubereats-menu --param menu', () => {
  it('maps the one menu given by its id', async () => {
    const result = await extract(fixture, { menu: 'All_Day' });
    expect(result.stats.products).toBe(3);
  });

  it('refuses a menu id the document does not have, naming the ones it has, instead of mapping nothing', async () => {
    await expect(extract(fixture, { menu: 'All_day' })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('params menu=All_day is not a value') as unknown,
      hint: 'use one of: All_Day, all',
    });
  });
});

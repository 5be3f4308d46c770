import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { REPO_ROOT, errorsOf, product, skippedCounts } from './helpers.js';

const DIR = path.join(REPO_ROOT, 'mappings/lightspeed-kseries-menu');
const MAPPING = path.join(DIR, 'mapping.yaml');
const MENU = path.join(DIR, 'fixtures/main-menu.json');
const AVAILABILITY = path.join(DIR, 'fixtures/item-availability.json');

const extract = (inputs: string[], params?: Record<string, string>) =>
  extractMenu({ mapping: MAPPING, inputs, ...(params ? { params } : {}) });

describe('lightspeed-kseries-menu on our fixture', () => {
  it('maps screens and nested sub-screens holding items to categories, and counts what it leaves out', async () => {
    const result = await extract([MENU, AVAILABILITY]);
    expect(errorsOf(result)).toEqual([]);
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      ['141948669133028', 'Burgers'],
      ['141948669133052', 'Drinks'],
      ['141948669133064', 'Sides'],
      ['141948669133040', 'Veggie burgers'],
      ['141948669133088', 'Weekend brunch'],
    ]);
    expect(skippedCounts(result)).toEqual({
      'combo (menuDeal)': 1,
      'product modifier placed on a screen': 1,
      'screen holding only sub-screens': 1, // Specials: its sub-screen is the category
      'sub-item (only sold with another item)': 1,
      'product listed again (first kept)': 1, // Cola on Drinks and Sides
      'sold-out SKU on no mapped item': 1,
    });
    expect(result.stats).toMatchObject({ categories: 5, products: 9, options: 5, option_values: 12 });
  });

  it('keys products by SKU in the screen that holds them, with text prices read as money', async () => {
    const result = await extract([MENU, AVAILABILITY]);
    expect(product(result, '101')).toMatchObject({
      name: 'Classic Burger',
      category_ext_id: '141948669133028',
      price: 12.5,
      description: 'Beef patty, cheddar, pickles & our sauce',
      image: 'https://rich-content.example/classic-burger_raw.png',
      hidden: false, // count 12: limited, not sold out
    });
    expect(product(result, '110').category_ext_id).toBe('141948669133040'); // a sub-screen
    expect(product(result, '201').category_ext_id).toBe('141948669133052'); // the first screen wins
    // An empty productPrice: hidden and said at its path.
    expect(product(result, '502').hidden).toBe(true);
    // One issue: the empty price, with what became of the product (hidden) folded in.
    expect(
      result.issues.map((i) => [i.code, i.location.path, i.message.endsWith('hidden (unpriced: hide)')]),
    ).toEqual([['missing-value', '$.menuEntryGroups[3].menuEntry[0].menuEntry[1]', true]]);
  });

  it('makes embedded modifier groups and production instructions options, with ids naming the item', async () => {
    const result = await extract([MENU, AVAILABILITY]);
    const classic = product(result, '101');
    expect(
      classic.options?.map((o) => [o.ext_id, o.name, o.type, o.min_selectable, o.max_selectable]),
    ).toEqual([
      ['101/901', 'Extras', undefined, 0, 3],
      ['101/instructions-236025632784487', 'Meat cooking', 'single', 0, 1],
    ]);
    expect(classic.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['101/901/910', 'Bacon', 2],
      ['101/901/911', 'Cheddar', 1],
    ]);
    // The same Extras group prices Bacon 1.50 on the BBQ burger: its own ids.
    expect(product(result, '102').options?.[0]?.option_values?.[0]).toMatchObject({
      ext_id: '102/901/910',
      price_operand: 1.5,
    });
    const milk = product(result, '210').options?.[0];
    expect(milk).toMatchObject({ ext_id: '210/920', type: 'single', min_selectable: 1, max_selectable: 1 });
  });

  it('hides the SKUs the availability input says are sold out: items and modifiers', async () => {
    const result = await extract([MENU, AVAILABILITY]);
    expect(product(result, '202').hidden).toBe(true);
    expect(product(result, '210').options?.[0]?.option_values?.map((v) => [v.name, v.hidden])).toEqual([
      ['Whole milk', false],
      ['Oat milk', true],
    ]);
  });

  it('maps the menu alone when no availability is given: nothing is sold out', async () => {
    const result = await extract([MENU]);
    expect(errorsOf(result)).toEqual([]);
    expect(product(result, '202').hidden).toBe(false);
    expect(skippedCounts(result)['sold-out SKU on no mapped item']).toBeUndefined();
  });

  it('reads descriptions in the locale given', async () => {
    const result = await extract([MENU], { locale: 'fr' });
    expect(product(result, '110').description).toBe('FR: Grilled halloumi, rocket');
    expect(product(result, '401')).not.toHaveProperty('description');
  });
});

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { REPO_ROOT, SAMPLES_ROOT, errorsOf, product, skippedCounts } from './helpers.js';

const DIR = path.join(REPO_ROOT, 'mappings/clover-inventory');
const MAPPING = path.join(DIR, 'mapping.yaml');
const ITEMS = path.join(DIR, 'fixtures/items.json');
const GROUPS = path.join(DIR, 'fixtures/modifier-groups.json');

const extract = (inputs: string[] = [ITEMS, GROUPS]) => extractMenu({ mapping: MAPPING, inputs });

describe('clover-inventory on our fixture', () => {
  it('maps items, their first category and their modifier groups, and counts what it leaves out', async () => {
    const result = await extract();
    expect(errorsOf(result)).toEqual([]);
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      ['2C3KDXTVHJ3FJ', 'Coffee'],
      ['HX7W2YQ9ZR5ET', 'Cold drinks'],
      ['PQ8Z1M4C6V0BN', 'Bakery'],
      ['cat-uncategorized', 'Uncategorized'],
    ]);
    expect(skippedCounts(result)).toEqual({
      'category listed again (first kept)': 5,
      'deleted item': 1,
      'modifier group no mapped item uses': 1,
    });
    expect(result.stats).toMatchObject({ categories: 4, products: 9, options: 5, option_values: 11 });
  });

  it('divides cents, and puts an item in several categories in its first', async () => {
    const result = await extract();
    expect(product(result, '9DF4R1WX4WAGY')).toMatchObject({
      name: 'Flat White',
      price: 3.8,
      category_ext_id: '2C3KDXTVHJ3FJ',
      hidden: false,
    });
    expect(product(result, 'A1B2C3D4E5F6G').category_ext_id).toBe('2C3KDXTVHJ3FJ');
    expect(product(result, 'G7H8J9K0L1M2N')).toMatchObject({
      category_ext_id: 'cat-uncategorized',
      price: 25,
    });
  });

  it('hides hidden and unavailable items, and a VARIABLE price as unpriced, said at its path', async () => {
    const result = await extract();
    expect(product(result, 'C3D4E5F6G7H8J').hidden).toBe(true); // available: false
    expect(product(result, 'D4E5F6G7H8J9K').hidden).toBe(true); // hidden: true
    expect(product(result, 'F6G7H8J9K0L1M')).toMatchObject({ hidden: true });
    expect(product(result, 'F6G7H8J9K0L1M')).not.toHaveProperty('price');
    // One issue: the empty price, with what became of the product (hidden) folded in.
    expect(
      result.issues.map((i) => [i.code, i.location.path, i.message.endsWith('hidden (unpriced: hide)')]),
    ).toEqual([['missing-value', '$.elements[7]', true]]);
  });

  it('joins modifier groups by id from the second input, with ids naming the item', async () => {
    const result = await extract();
    const flatWhite = product(result, '9DF4R1WX4WAGY');
    expect(
      flatWhite.options?.map((o) => [o.ext_id, o.name, o.type, o.min_selectable, o.max_selectable]),
    ).toEqual([
      ['9DF4R1WX4WAGY/6RTQ1W3E5Y7U9', 'Milk', 'single', 1, 1],
      ['9DF4R1WX4WAGY/K2L4N6P8R0T1V', 'Syrups', undefined, 0, 2],
    ]);
    expect(flatWhite.options?.[0]?.option_values?.map((v) => [v.ext_id, v.price_operand, v.hidden])).toEqual([
      ['9DF4R1WX4WAGY/6RTQ1W3E5Y7U9/QW1E2R3T4Y5U6', 0, false],
      ['9DF4R1WX4WAGY/6RTQ1W3E5Y7U9/AS1D2F3G4H5J6', 0.5, false],
      ['9DF4R1WX4WAGY/6RTQ1W3E5Y7U9/ZX1C2V3B4N5M6', 0.4, true], // available: false
    ]);
  });

  it('says which group it cannot find when the modifier groups input is left out', async () => {
    const result = await extract([ITEMS]);
    const missing = errorsOf(result);
    expect(missing.map((i) => i.code)).toEqual(Array(5).fill('unknown-reference'));
    expect(missing[0]).toMatchObject({
      message: 'no record in "groups" has key "6RTQ1W3E5Y7U9" (source "modifier_groups" was given no input)',
      location: { path: '$.elements[0].modifierGroups.elements[0]' },
    });
    expect(product(result, 'C3D4E5F6G7H8J')).toMatchObject({ name: 'Lemon Cake' });
  });
});

const SAMPLE = path.join(SAMPLES_ROOT, 'clover/clover-docs-expanding-fields-example1.json');

describe('clover-inventory on one item as GET /items/{id}?expand=categories answers it (sample 21)', () => {
  it('maps the lone item field by field as the file says', async (context) => {
    if (!existsSync(SAMPLE)) {
      console.warn(`SKIPPED the Clover single-item sample: no ${SAMPLE}`);
      return context.skip();
    }
    const raw = JSON.parse(await readFile(SAMPLE, 'utf8')) as {
      id: string;
      name: string;
      price: number;
      hidden: boolean;
      categories: { elements: { id: string; name: string }[] };
    };
    const result = await extractMenu({ mapping: MAPPING, inputs: [SAMPLE] });
    expect(errorsOf(result)).toEqual([]);
    const category = raw.categories.elements[0]!;
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([[category.id, category.name]]);
    expect(result.menu.products).toEqual([
      expect.objectContaining({
        ext_id: raw.id,
        category_ext_id: category.id,
        name: raw.name,
        price: raw.price / 100,
        hidden: raw.hidden,
      }),
    ]);
  });
});

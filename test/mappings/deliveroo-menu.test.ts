import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { formatFixture, product, skippedCounts } from './helpers.js';

// The shipped deliveroo-menu mapping on our grill house's Menu API body (invented data in
// Deliveroo's shape: categories list item ids, modifiers list CHOICE item ids, prices in pence),
// with and without the site's item unavailabilities as a second input.

const MENU = formatFixture('deliveroo-menu/menu.json');
const UNAVAILABLE = formatFixture('deliveroo-menu/item-unavailabilities.json');

const extract = (inputs: string[], params?: Record<string, string>): Promise<ExtractResult> =>
  extractMenu({ mapping: 'deliveroo-menu', inputs, ...(params ? { params } : {}) });

describe('deliveroo-menu with item unavailabilities', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extract([MENU, UNAVAILABLE]);
  });

  it('maps 3 categories and 7 items, counting repeats, unreached items, unused modifiers and an empty category', () => {
    expect(result.issues).toEqual([]);
    expect(result.stats).toMatchObject({ categories: 3, products: 7, options: 6, option_values: 12 });
    expect(skippedCounts(result)).toEqual({
      'product listed again (first kept)': 2,
      'item no category or modifier reaches': 1,
      'modifier no mapped item uses': 1,
      'category with no product (empty_categories: keep keeps it)': 1,
    });
  });

  it('finds each item through the id list of the first category that lists it, pence to pounds', () => {
    expect(result.menu.products.map((p) => [p.ext_id, p.category_ext_id, p.name, p.price])).toEqual([
      ['item-chicken-wrap', 'cat-wraps', 'Chicken Shawarma Wrap', 8.95],
      ['item-falafel-wrap', 'cat-wraps', 'Falafel Wrap', 7.95],
      ['item-lamb-wrap', 'cat-wraps', 'Lamb Kofta Wrap', 9.95],
      ['item-chips', 'cat-sides', 'Chips', 3.5],
      ['item-halloumi-fries', 'cat-sides', 'Halloumi Fries', 5.5],
      ['item-cola', 'cat-drinks', 'Cola 330ml', 1.99],
      ['item-ayran', 'cat-drinks', 'Ayran', 2.5],
    ]);
    expect(result.menu.categories.map((c) => [c.ext_id, c.name, c.description])).toEqual([
      ['cat-wraps', 'Wraps', 'Freshly grilled, wrapped to order'],
      ['cat-sides', 'Sides', undefined],
      ['cat-drinks', 'Drinks', undefined],
      // "Most popular": every item it lists is in an earlier category, so it is empty and skipped.
    ]);
    expect(product(result, 'item-chicken-wrap')).toMatchObject({
      description: 'Garlic sauce, pickles, fries inside',
      image: 'https://example.test/img/chicken-wrap.jpg',
    });
  });

  it('hides unavailable and hidden items, products and choices alike, and ignores available ones', () => {
    expect(result.menu.products.filter((p) => p.hidden).map((p) => p.ext_id)).toEqual(['item-lamb-wrap']);
    const sauce = product(result, 'item-chicken-wrap').options?.[0];
    expect(sauce?.option_values?.map((v) => [v.name, v.hidden])).toEqual([
      ['Garlic sauce', false],
      ['Chilli sauce', true],
    ]);
    expect(product(result, 'item-ayran').hidden).toBe(false);
  });

  it('makes modifiers options whose values are CHOICE items priced for their parent item', () => {
    const [sauce, extras] = product(result, 'item-chicken-wrap').options ?? [];
    expect(sauce).toMatchObject({
      ext_id: 'item-chicken-wrap-mod-sauce',
      name: 'Choose your sauce',
      type: 'single',
      min_selectable: 1,
      max_selectable: 1,
    });
    expect(extras).toMatchObject({
      ext_id: 'item-chicken-wrap-mod-extras',
      min_selectable: 0,
      max_selectable: 2,
    });
    expect(extras).not.toHaveProperty('type');
    // repeatable: one choice up to max_selection times.
    expect(extras?.max_quantity).toBe(2);
    expect(sauce?.max_quantity).toBeUndefined();
    const price = (item: string) =>
      product(result, item).options?.[1]?.option_values?.map((v) => [v.ext_id, v.price_operand]);
    // Extra halloumi: 150 pence, overridden to 100 inside the falafel wrap.
    expect(price('item-chicken-wrap')).toEqual([
      ['item-chicken-wrap-mod-extras-choice-extra-halloumi', 1.5],
      ['item-chicken-wrap-mod-extras-choice-jalapenos', 0.5],
    ]);
    expect(price('item-falafel-wrap')).toEqual([
      ['item-falafel-wrap-mod-extras-choice-extra-halloumi', 1],
      ['item-falafel-wrap-mod-extras-choice-jalapenos', 0.5],
    ]);
  });
});

describe('deliveroo-menu on other inputs', () => {
  it('maps the menu alone, everything available, when no unavailabilities are given', async () => {
    const alone = await extract([MENU]);
    expect(alone.issues).toEqual([]);
    expect(alone.menu.products.some((p) => p.hidden)).toBe(false);
  });

  it('reads the replace-all shape (unavailable_ids, hidden_ids) and counts ids the menu lacks', async () => {
    const file = path.join(testTempDir('deliveroo'), 'replace-all.json');
    writeFileSync(
      file,
      JSON.stringify({ unavailable_ids: ['item-cola', 'no-such-item'], hidden_ids: ['choice-large'] }),
    );
    const result = await extract([MENU, file]);
    expect(result.menu.products.filter((p) => p.hidden).map((p) => p.ext_id)).toEqual(['item-cola']);
    const size = product(result, 'item-chips').options?.[0];
    expect(size?.option_values?.map((v) => [v.name, v.hidden])).toEqual([
      ['Regular', false],
      ['Large', true],
    ]);
    expect(skippedCounts(result)['unavailability of an item the menu does not have']).toBe(1);
  });

  it('reads names in the language given by the lang parameter, reporting the ones without it', async () => {
    const result = await extract([MENU], { lang: 'fr' });
    // The items have English names only: each is a located missing-value error, never guessed.
    expect(
      result.issues.filter((i) => i.code === 'missing-value' && i.severity === 'error').length,
    ).toBeGreaterThan(0);
    // Given French names too, the categories read French ("Most popular" lists only items that
    // earlier categories list first: no product of its own, so it is skipped as empty).
    const menu = JSON.parse(readFileSync(MENU, 'utf8')) as {
      menu: { items: { name: Record<string, string> }[]; modifiers?: { name: Record<string, string> }[] };
    };
    for (const entry of [...menu.menu.items, ...(menu.menu.modifiers ?? [])])
      entry.name.fr ??= entry.name.en ?? '';
    const file = path.join(testTempDir('deliveroo-fr'), 'menu.json');
    writeFileSync(file, JSON.stringify(menu));
    const french = await extract([file], { lang: 'fr' });
    expect(french.menu.categories.map((c) => c.name)).toEqual(['Wraps', 'Accompagnements', 'Boissons']);
  });
});

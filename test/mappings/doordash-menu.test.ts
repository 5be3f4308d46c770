import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initMapping } from '../../src/init/index.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { extractWith, formatFixture, product } from './helpers.js';

// The shipped doordash-menu mapping on our burger place's Marketplace Menu API body (invented
// data in DoorDash's shape: store, open_hours, menu > categories > items > extras > options).

const FIXTURE = formatFixture('doordash-menu/store-menu.json');
const extract = extractWith('doordash-menu');

describe('doordash-menu on the Menu API body', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extract(FIXTURE);
  });

  it('maps 4 categories, 7 items, their extras and options, counting nested extras', () => {
    expect(result.issues).toEqual([]);
    expect(result.stats).toMatchObject({ categories: 4, products: 7, options: 4, option_values: 9 });
    expect(result.skipped).toEqual([{ reason: "nested extra (an option's own extras)", count: 1 }]);
  });

  it('divides cents and keeps merchant_supplied_id as ext_ids, in category order', () => {
    expect(
      result.menu.products.map((p) => [p.ext_id, p.category_ext_id, p.name, p.price, p.position]),
    ).toEqual([
      ['item-classic', 'cat-burgers', 'Classic Burger', 10.99, 1],
      ['item-mushroom-swiss', 'cat-burgers', 'Mushroom Swiss', 12.49, 2],
      ['item-fries', 'cat-sides', 'Fries', 4.49, 1],
      ['item-onion-rings', 'cat-sides', 'Onion Rings', 5.49, 2],
      ['item-soda', 'cat-drinks', 'Fountain Soda', 2.99, 1],
      ['item-ipa', 'cat-drinks', 'Draft IPA', 7.99, 2],
      ['item-eggnog-shake', 'cat-holiday', 'Eggnog Shake', 7.99, 1],
    ]);
    expect(product(result, 'item-classic')).toMatchObject({
      description: 'Quarter pound, lettuce, tomato, house sauce',
      image: 'https://example.test/img/classic-burger.jpg',
    });
  });

  it('hides inactive items, inactive categories with their items, and inactive options', () => {
    expect(result.menu.categories.map((c) => [c.ext_id, c.hidden])).toEqual([
      ['cat-burgers', false],
      ['cat-sides', false],
      ['cat-drinks', false],
      ['cat-holiday', true],
    ]);
    expect(result.menu.products.filter((p) => p.hidden).map((p) => p.ext_id)).toEqual([
      'item-mushroom-swiss',
      'item-eggnog-shake',
    ]);
    const addOns = product(result, 'item-classic').options?.[1];
    expect(addOns?.option_values?.map((v) => [v.name, v.hidden])).toEqual([
      ['Bacon', false],
      ['Avocado', true],
      ['Extra cheese', false],
    ]);
  });

  it('makes extras options: min/max, single when at most one, cents as surcharges, per-option quantity', () => {
    const [patty, addOns] = product(result, 'item-classic').options ?? [];
    expect(patty).toMatchObject({
      ext_id: 'extra-patty',
      type: 'single',
      min_selectable: 1,
      max_selectable: 1,
    });
    expect(patty?.option_values?.map((v) => [v.ext_id, v.price_operand, v.checked_default])).toEqual([
      ['extra-patty-opt-beef', 0, true],
      ['extra-patty-opt-impossible', 2.5, false],
    ]);
    expect(addOns).toMatchObject({
      ext_id: 'extra-addons',
      min_selectable: 0,
      max_selectable: 3,
      max_quantity: 2,
    });
    expect(addOns).not.toHaveProperty('type');
    expect(addOns?.option_values?.map((v) => v.price_operand)).toEqual([2, 1.75, 1]);
    expect(
      product(result, 'item-fries').options?.[0]?.option_values?.map((v) => [v.name, v.price_operand]),
    ).toEqual([
      ['Regular', 0],
      ['Large', 1.5],
    ]);
  });
});

describe('doordash-menu on a bare menu object', () => {
  it('maps the same menu when the file is the menu alone, without store and hours', async () => {
    const body = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { menu: unknown };
    const file = path.join(testTempDir('doordash'), 'menu.json');
    writeFileSync(file, JSON.stringify(body.menu));
    expect((await initMapping({ input: file })).recognition?.format.id).toBe('doordash-menu-bare');
    const bare = await extract(file);
    const full = await extract(FIXTURE);
    expect(bare.issues).toEqual([]);
    expect(bare.menu).toEqual(full.menu);
  });
});

describe('doordash-menu on an inactive menu', () => {
  it.each([
    [
      'the request body',
      (body: { menu: Record<string, unknown> }) => ({ ...body, menu: { ...body.menu, active: false } }),
    ],
    ['a bare menu', (body: { menu: Record<string, unknown> }) => ({ ...body.menu, active: false })],
  ])('hides every category and item of %s with active: false', async (_shape, inactive) => {
    const body = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { menu: Record<string, unknown> };
    const file = path.join(testTempDir('doordash'), 'inactive.json');
    writeFileSync(file, JSON.stringify(inactive(body)));
    const result = await extract(file);
    expect(result.issues).toEqual([]);
    expect(result.menu.categories.every((c) => c.hidden)).toBe(true);
    expect(result.menu.products.every((p) => p.hidden)).toBe(true);
  });
});

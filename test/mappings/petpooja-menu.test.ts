import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractResult } from '../../src/mapping/types.js';
import { extractWith, formatFixture, product, skippedCounts } from './helpers.js';

// The shipped petpooja-menu mapping on our restaurant's menu JSON (invented Pune restaurant in
// Petpooja's shape: items name their category, sizes as variation[], add-on groups by id).

const FIXTURE = formatFixture('petpooja-menu/menu.json');
const extract = extractWith('petpooja-menu');

describe('petpooja-menu on the fetch-menu JSON', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extract(FIXTURE);
  });

  it('maps 5 categories, 10 items, sizes and add-on groups, counting what it leaves out', () => {
    expect(result.issues).toEqual([]);
    expect(result.stats).toMatchObject({ categories: 5, products: 10, options: 5, option_values: 13 });
    expect(skippedCounts(result)).toEqual({
      'add-on group of a size (add-ons based on the variation)': 1,
      'add-on group no item uses': 1,
    });
  });

  it('reads rupee prices from decimal strings; a sized item takes its cheapest active size', () => {
    expect(result.menu.products.map((p) => [p.ext_id, p.category_ext_id, p.name, p.price])).toEqual([
      ['9001', '501', 'Paneer Tikka', 260],
      ['9002', '501', 'Chicken 65', 290],
      ['9003', '502', 'Hyderabadi Chicken Biryani', 249],
      ['9004', '502', 'Veg Dum Biryani', 199],
      ['9005', '503', 'Butter Naan', 60],
      ['9006', '503', 'Garlic Naan', 70],
      ['9007', '504', 'Masala Chaas', 80],
      ['9008', '504', 'Filter Coffee', 90],
      ['9009', '505', 'Diwali Thali', 599],
      ['9010', '504', 'Old Lassi', 70],
    ]);
    expect(product(result, '9001')).toMatchObject({
      description: 'Cottage cheese, tandoor grilled',
      image: 'https://example.test/img/paneer-tikka.jpg',
    });
  });

  it('hides inactive, sold-out and dine-in-only items, and the items of an inactive category', () => {
    expect(result.menu.products.filter((p) => p.hidden).map((p) => p.ext_id)).toEqual([
      '9006', // in_stock 0
      '9008', // item_ordertype 3: dine-in only
      '9009', // its category is inactive
      '9010', // active 0
    ]);
    expect(result.menu.categories.find((c) => c.ext_id === '505')?.hidden).toBe(true);
  });

  it('makes sizes one required choice priced by difference, an inactive size hidden', () => {
    const size = product(result, '9003').options?.[0];
    expect(size).toMatchObject({
      ext_id: '9003-size',
      name: 'Size',
      type: 'single',
      min_selectable: 1,
      max_selectable: 1,
    });
    expect(size?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand, v.hidden])).toEqual([
      ['30011', 'Half', 0, false],
      ['30012', 'Full', 180, false],
      ['30013', 'Family pack', 550, true],
    ]);
  });

  it("gives each add-on group the item's own min and max", () => {
    const tikka = product(result, '9001').options?.[0];
    const chicken = product(result, '9002').options?.[0];
    expect(tikka).toMatchObject({ ext_id: '9001-7001', name: 'Dips', min_selectable: 0, max_selectable: 2 });
    expect(tikka).not.toHaveProperty('type');
    expect(chicken).toMatchObject({
      ext_id: '9002-7001',
      type: 'single',
      min_selectable: 1,
      max_selectable: 1,
    });
    expect(tikka?.option_values?.map((v) => [v.name, v.price_operand, v.hidden])).toEqual([
      ['Mint chutney', 0, false],
      ['Tandoori mayo', 30, false],
      ['Cheese dip', 45, true],
    ]);
    // Size-based add-ons (itemaddonbasedon 1) are counted, not attached.
    expect(product(result, '9004').options?.map((o) => o.ext_id)).toEqual(['9004-size']);
  });
});

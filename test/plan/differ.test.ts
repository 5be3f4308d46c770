import { describe, expect, it } from 'vitest';
import { plan } from '../../src/plan/index.js';
import type { PlanEntry, PlanOptions } from '../../src/plan/index.js';
import { bigMenu, cafeMenu, clone } from './menus.js';

const options: PlanOptions = { posUid: 'main' };

/** The non-keep entries, as `action kind parents/ext_id` lines, for compact assertions. */
function changes(entries: readonly PlanEntry[]): string[] {
  return entries
    .filter((e) => e.action !== 'keep')
    .map((e) => `${e.action} ${e.kind} ${[e.parentKind, ...e.parents, e.ext_id].filter(Boolean).join('/')}`);
}

function find(
  entries: readonly PlanEntry[],
  kind: PlanEntry['kind'],
  ...path: string[]
): PlanEntry | undefined {
  const ext = path[path.length - 1];
  const parents = path.slice(0, -1).join('/');
  return entries.find((e) => e.kind === kind && e.ext_id === ext && e.parents.join('/') === parents);
}

describe('plan differ', () => {
  it('keeps every entity of an unchanged menu, one entry each', () => {
    const result = plan(cafeMenu(), cafeMenu(), options);
    expect(result.entries.every((e) => e.action === 'keep')).toBe(true);
    expect(result.counts).toEqual({
      categories: { add: 0, update: 0, remove: 0, keep: 2 },
      products: { add: 0, update: 0, remove: 0, keep: 3 },
      options: { add: 0, update: 0, remove: 0, keep: 3 },
      option_values: { add: 0, update: 0, remove: 0, keep: 5 },
    });
  });

  it('reports added, changed and removed categories with their changed fields', () => {
    const desired = cafeMenu();
    desired.categories[1]!.name = 'Pastry';
    desired.categories.push({ ext_id: 'C3', name: 'Tea' });
    const baseline = cafeMenu();
    baseline.categories.push({ ext_id: 'C9', name: 'Old' });
    const { entries } = plan(desired, baseline, options);
    expect(changes(entries).filter((l) => l.includes(' category '))).toEqual([
      'update category C2',
      'add category C3',
      'remove category C9',
    ]);
    expect(find(entries, 'category', 'C2')?.changes).toEqual([
      { field: 'name', old: 'Cakes', new: 'Pastry' },
    ]);
  });

  it('reports product changes field by field, absent fields as null', () => {
    const desired = cafeMenu();
    desired.products[1]!.price = 4.9;
    desired.products[1]!.description = 'Chocolate';
    desired.products[1]!.category_ext_id = 'C2';
    const { entries } = plan(desired, cafeMenu(), options);
    expect(find(entries, 'product', 'P2')).toMatchObject({
      action: 'update',
      name: 'Mocha',
      changes: [
        { field: 'category_ext_id', old: 'C1', new: 'C2' },
        { field: 'description', old: null, new: 'Chocolate' },
        { field: 'price', old: 4.8, new: 4.9 },
      ],
    });
  });

  it('compares prices_table as a value, whatever its key order', () => {
    const desired = cafeMenu();
    const baseline = cafeMenu();
    desired.products[2]!.prices_table = { a: 1, b: 2 };
    baseline.products[2]!.prices_table = { b: 2, a: 1 };
    expect(find(plan(desired, baseline, options).entries, 'product', 'P3')?.action).toBe('keep');
    desired.products[2]!.prices_table = { a: 1, b: 3 };
    expect(find(plan(desired, baseline, options).entries, 'product', 'P3')?.action).toBe('update');
  });

  it('carries the key-level difference of prices_table, and none for scalar fields', () => {
    const desired = cafeMenu();
    const baseline = cafeMenu();
    baseline.products[2]!.prices_table = { delivery: 3, takeaway: 2.5, old: 1 };
    desired.products[2]!.prices_table = { takeaway: 2.8, delivery: 3, late: 4 };
    desired.products[2]!.name = 'Renamed';
    const changes = find(plan(desired, baseline, options).entries, 'product', 'P3')?.changes ?? [];
    expect(changes.find((c) => c.field === 'prices_table')?.detail).toEqual([
      '- old: 1',
      '+ late: 4',
      '- takeaway: 2.5',
      '+ takeaway: 2.8',
    ]);
    expect(changes.find((c) => c.field === 'name')?.detail).toBeUndefined();
  });

  it('has no key-level detail when an object field appears or disappears', () => {
    const desired = cafeMenu();
    desired.products[2]!.prices_table = { delivery: 3 };
    const changes = find(plan(desired, cafeMenu(), options).entries, 'product', 'P3')?.changes ?? [];
    expect(changes).toEqual([{ field: 'prices_table', old: null, new: { delivery: 3 } }]);
  });

  it('diffs a long list in the same order as the general diff does: sorted, changed ones updated', () => {
    const baseline = bigMenu(40);
    baseline.products.reverse(); // not sorted by ext_id, same order on both sides
    const desired = clone(baseline);
    desired.products[3]!.price = 99;
    const entries = plan(desired, baseline, options).entries.filter((e) => e.kind === 'product');
    expect(entries.map((e) => e.ext_id)).toEqual(baseline.products.map((p) => p.ext_id).sort());
    expect(changes(entries)).toEqual([`update product ${desired.products[3]!.ext_id}`]);
  });

  it('matches a duplicated ext_id of a long list once, first occurrence first', () => {
    const baseline = bigMenu(20);
    const desired = clone(baseline);
    desired.products[19] = { ...desired.products[0]!, name: 'Second copy' };
    baseline.products[19] = { ...baseline.products[0]! };
    const entries = plan(desired, baseline, options).entries.filter((e) => e.kind === 'product');
    expect(entries.filter((e) => e.ext_id === 'P0001')).toHaveLength(1);
    expect(find(entries, 'product', 'P0001')?.action).toBe('keep');
    expect(entries).toHaveLength(19);
  });

  it('diffs category options and their values in the category scope', () => {
    const desired = cafeMenu();
    const milk = desired.categories[0]!.options![0]!;
    milk.name = 'Milk choice';
    milk.option_values!.push({ ext_id: 'SOY', name: 'Soy' });
    desired.categories[1]!.options = [{ ext_id: 'WARM', name: 'Warm it' }];
    const { entries } = plan(desired, cafeMenu(), options);
    expect(changes(entries)).toEqual([
      'update option category/C1/MILK',
      'add option category/C2/WARM',
      'add option_value category/C1/MILK/SOY',
    ]);
  });

  it('diffs product options and values, removing the values of a removed option', () => {
    const desired = cafeMenu();
    desired.products[0]!.options = [];
    desired.products[1]!.options![0]!.option_values![0]!.hidden = true;
    desired.products[2]!.options = [{ ext_id: 'SIZE', name: 'Size', option_values: [{ ext_id: 'S' }] }];
    const { entries } = plan(desired, cafeMenu(), options);
    expect(changes(entries)).toEqual([
      'remove option product/P1/SIZE',
      'add option product/P3/SIZE',
      'remove option_value product/P1/SIZE/L',
      'remove option_value product/P1/SIZE/S',
      'update option_value product/P2/SIZE/S',
      'add option_value product/P3/SIZE/S',
    ]);
    expect(find(entries, 'option_value', 'P2', 'SIZE', 'S')?.changes).toEqual([
      { field: 'hidden', old: null, new: true },
    ]);
  });

  it('removes a category option with its values and updates a product option', () => {
    const desired = cafeMenu();
    delete desired.categories[0]!.options;
    desired.products[0]!.options![0]!.min_selectable = 1;
    const { entries } = plan(desired, cafeMenu(), options);
    expect(changes(entries)).toEqual([
      'remove option category/C1/MILK',
      'update option product/P1/SIZE',
      'remove option_value category/C1/MILK/OAT',
    ]);
    expect(find(entries, 'option', 'P1', 'SIZE')?.changes).toEqual([
      { field: 'min_selectable', old: null, new: 1 },
    ]);
    expect(find(entries, 'option_value', 'P1', 'SIZE', 'S')?.action).toBe('keep');
  });

  it('keeps the same option ext_id under two products apart', () => {
    const desired = cafeMenu();
    desired.products[1]!.options![0]!.option_values![1]!.price_operand = 0.7;
    const { entries } = plan(desired, cafeMenu(), options);
    expect(find(entries, 'option_value', 'P1', 'SIZE', 'L')?.action).toBe('keep');
    expect(find(entries, 'option_value', 'P2', 'SIZE', 'L')?.changes).toEqual([
      { field: 'price_operand', old: 0.5, new: 0.7, customer: { old: 5.3, new: 5.5 } },
    ]);
  });

  it('keeps a category option and a product option with the same ext_ids apart', () => {
    const desired = cafeMenu();
    const baseline = cafeMenu();
    for (const menu of [desired, baseline]) {
      menu.categories.push({ ext_id: 'P1', options: [{ ext_id: 'SIZE', name: 'Category size' }] });
    }
    desired.products[0]!.options![0]!.name = 'Product size';
    const { entries } = plan(desired, baseline, options);
    expect(changes(entries)).toEqual(['update option product/P1/SIZE']);
    expect(
      entries.filter((e) => e.kind === 'option' && e.ext_id === 'SIZE' && e.parents[0] === 'P1'),
    ).toHaveLength(2);
  });

  it('shows a reorder as a position change of the moved entity only', () => {
    const desired = cafeMenu();
    desired.products.unshift(desired.products.pop()!); // P3 moves to the top
    const { entries } = plan(desired, cafeMenu(), options);
    expect(changes(entries)).toEqual(['update product P3']);
    expect(find(entries, 'product', 'P3')?.changes).toEqual([
      { field: 'position', old: 2, new: 0, implicit: true },
    ]);
  });

  it('detects reordered option values without reporting the ones that kept their order', () => {
    const desired = cafeMenu();
    desired.products[0]!.options![0]!.option_values!.reverse();
    const { entries } = plan(desired, cafeMenu(), options);
    expect(changes(entries)).toHaveLength(1);
    expect(changes(entries)[0]).toMatch(/^update option_value product\/P1\/SIZE\/[SL]$/);
  });

  it('does not count an insertion as moving the entities after it', () => {
    const desired = cafeMenu();
    desired.products.splice(1, 0, { ext_id: 'P0', category_ext_id: 'C1', name: 'Flat white' });
    expect(changes(plan(desired, cafeMenu(), options).entries)).toEqual(['add product P0']);
  });

  it('ignores array order when both sides carry explicit positions, and diffs the positions', () => {
    const baseline = cafeMenu();
    baseline.products.forEach((p, i) => (p.position = i + 1));
    const desired = clone(baseline);
    desired.products.reverse();
    expect(changes(plan(desired, baseline, options).entries)).toEqual([]);
    desired.products[0]!.position = 10;
    // P3 stays after the others of its category: its number changed, not its place.
    expect(find(plan(desired, baseline, options).entries, 'product', 'P3')?.changes).toEqual([
      { field: 'position', old: 3, new: 10, renumbered: true },
    ]);
  });

  it('adds everything when there is no baseline', () => {
    const result = plan(cafeMenu(), null, options);
    expect(result.entries.every((e) => e.action === 'add')).toBe(true);
    expect(result.entries).toHaveLength(2 + 3 + 3 + 5);
  });

  it('sorts entries by kind, then scope, then ext_id', () => {
    const desired = cafeMenu();
    desired.products.reverse();
    const kinds = plan(desired, null, options).entries.map((e) => e.kind);
    expect(kinds.indexOf('product')).toBeGreaterThan(kinds.lastIndexOf('category'));
    expect(kinds.indexOf('option')).toBeGreaterThan(kinds.lastIndexOf('product'));
    expect(kinds.indexOf('option_value')).toBeGreaterThan(kinds.lastIndexOf('option'));
    const productIds = plan(desired, null, options)
      .entries.filter((e) => e.kind === 'product')
      .map((e) => e.ext_id);
    expect(productIds).toEqual(['P1', 'P2', 'P3']);
  });
});

import { describe, expect, it } from 'vitest';
import { plan, type PlanOptions } from '../../src/plan/index.js';
import { liveMenuFrom } from '../../src/plan/live/live-menu.js';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import type { RemoteCategory } from '../../src/platform/types.js';

const options: PlanOptions = { posUid: 'main' };

/** `categories` categories of `each` products, ext_ids prefixed so two menus share nothing. */
function menu(prefix: string, categories: number, each: number): CanonicalMenu {
  const result: CanonicalMenu = { categories: [], products: [] };
  for (let c = 0; c < categories; c += 1) {
    result.categories.push({ ext_id: `${prefix}C${c}`, name: `${prefix} category ${c}` });
    for (let p = 0; p < each; p += 1)
      result.products.push({
        ext_id: `${prefix}P${c}-${p}`,
        category_ext_id: `${prefix}C${c}`,
        name: 'x',
        price: 1,
      });
  }
  return result;
}

function listed(m: CanonicalMenu): RemoteCategory[] {
  return m.categories.map((category) => ({
    ...category,
    uid: `u-${category.ext_id}`,
    products_count: m.products.filter((p) => p.category_ext_id === category.ext_id).length,
    options: (category.options ?? []).map((o) => ({
      ...o,
      uid: `u-${o.ext_id}`,
      option_values: (o.option_values ?? []).map((v) => ({ ...v, uid: `u-${v.ext_id}` })),
    })),
  }));
}

describe('the delete limit counts every live entity a replace removes', () => {
  it('blocks a first sync of 60 other products in 5 other categories onto a live menu of 60, naming what goes', () => {
    const live = liveMenuFrom(listed(menu('A', 5, 12)));
    const result = plan(menu('B', 5, 12), null, { ...options, live });
    expect(result.mode).toBe('replace');
    const limit = result.blockedBy?.find((b) => b.guard === 'delete-limit');
    expect(limit?.message).toMatch(/^the replace would remove 60 products of 60 live \(100%\)/);
    expect(limit?.message).toContain('live categories it removes: category AC0 "A category 0" (12 products)');
    expect(limit?.message).toContain('category AC4 "A category 4" (12 products)');
    expect(limit?.numbers).toMatchObject({ removed: 60, liveProducts: 60, liveCategoriesRemoved: 5 });
  });

  it('counts against the snapshot when the live menu lists nothing, and names the empty live menu', () => {
    const snapshot = menu('A', 5, 12);
    const truncated = menu('A', 1, 5);
    const result = plan(truncated, snapshot, { ...options, live: liveMenuFrom([]) });
    expect(result.reason).toMatch(
      /the live menu is empty, though the last confirmed snapshot holds 60 products in 5 categories/,
    );
    expect(result.blocked).toMatch(
      /the replace would remove 55 products of 60 \(91\.7%\).*\(the live menu shows 0\)/,
    );
    expect(result.blocked).toMatch(/products it removes: product AC0\/AP0-5|products it removes: product AP/);
  });

  it('counts options and option values a replace removes from live categories it keeps', () => {
    const withOptions = menu('A', 1, 1);
    withOptions.categories[0]!.options = Array.from({ length: 12 }, (_, i) => ({
      ext_id: `O${i}`,
      name: `Option ${i}`,
      option_values: [{ ext_id: `V${i}`, name: 'v' }],
    }));
    const desired = menu('A', 1, 1);
    const result = plan(desired, null, {
      ...options,
      mode: 'replace',
      live: liveMenuFrom(listed(withOptions)),
    });
    expect(result.blocked).toMatch(
      /the replace would remove 12 options of 12 live \(100%\).*: option AC0\/O0 "Option 0"/,
    );
    expect(result.blocked).toMatch(/12 option values of 12 live/);
    expect(result.blocked).toMatch(/and 7 more/);
    expect(
      plan(desired, null, {
        ...options,
        mode: 'replace',
        live: liveMenuFrom(listed(withOptions)),
        allowDeletes: { count: 12 },
      }).blocked,
    ).toBeNull();
  });

  it('lets a replace through that moves products between categories the snapshot knows', () => {
    const snapshot = menu('A', 2, 12);
    const desired = structuredClone(snapshot);
    for (const product of desired.products.slice(0, 12)) product.category_ext_id = 'AC1';
    const live = liveMenuFrom(listed(snapshot));
    expect(plan(desired, snapshot, { ...options, live }).blocked).toBeNull();
  });

  it('judges the options of a removed product with the product, and counts options dropped from kept products', () => {
    const snapshot = menu('A', 1, 40);
    for (const product of snapshot.products)
      product.options = [{ ext_id: 'SIZE', name: 'Size', option_values: [{ ext_id: 'L', name: 'Large' }] }];
    const fewer = structuredClone(snapshot);
    fewer.products.splice(31, 9);
    expect(plan(fewer, snapshot, options).blocked).toBeNull();
    const bare = structuredClone(snapshot);
    for (const product of bare.products.slice(0, 12)) delete product.options;
    expect(plan(bare, snapshot, options).blocked).toMatch(
      /^the replace would remove 12 options of 40 \(30%\).*: option AP0-0\/SIZE, option AP0-1\/SIZE/,
    );
  });
});

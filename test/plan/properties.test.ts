import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import type { ImportPayload } from '../../src/model/import-payload.js';
import { canonicalJson, hashMenu, plan } from '../../src/plan/index.js';
import { menuArb } from './arbitraries.js';
import { cafeMenu, clone } from './menus.js';

const options = { posUid: 'main', allowEmpty: true };

/** A merge as the platform notes describe it: entities in the payload are created or updated by ext_id. */
function applyMerge(menu: CanonicalMenu, payload: ImportPayload): CanonicalMenu {
  const upsert = <T extends { ext_id: string }>(items: T[], incoming: readonly T[] = []): T[] => {
    const byId = new Map(items.map((item) => [item.ext_id, item]));
    for (const item of incoming) byId.set(item.ext_id, item);
    return [...byId.values()];
  };
  return {
    categories: upsert(menu.categories, payload.categories),
    products: upsert(menu.products, payload.products),
  };
}

/**
 * Menus equal as sets of entities keyed by ext_id (a merge sets no order), with an empty child
 * array the same as none, as the differ treats them.
 */
function byId(menu: CanonicalMenu): Record<string, string> {
  const dropEmpty = (_key: string, value: unknown) =>
    Array.isArray(value) && value.length === 0 ? undefined : value;
  const text = (entity: object) => canonicalJson(JSON.parse(JSON.stringify(entity, dropEmpty)));
  const out: Record<string, string> = {};
  for (const c of menu.categories) out[`c:${c.ext_id}`] = text(c);
  for (const p of menu.products) out[`p:${p.ext_id}`] = text(p);
  return out;
}

describe('plan properties', () => {
  it('plans nothing from a menu to itself', () => {
    fc.assert(
      fc.property(menuArb, (menu) => {
        const result = plan(menu, clone(menu), options);
        expect(result.mode).toBe('none');
        expect(result.payload).toBeNull();
      }),
    );
  });

  it('gives byte-identical JSON for the same inputs', () => {
    fc.assert(
      fc.property(menuArb, menuArb, (a, b) => {
        expect(JSON.stringify(plan(b, a, options))).toBe(JSON.stringify(plan(clone(b), clone(a), options)));
      }),
    );
  });

  it('has one entry per entity of the union and chooses merge only without removals', () => {
    fc.assert(
      fc.property(menuArb, menuArb, (a, b) => {
        const result = plan(b, a, options);
        const ids = (m: CanonicalMenu) => new Set(m.products.map((p) => p.ext_id));
        const union = new Set([...ids(a), ...ids(b)]);
        expect(result.entries.filter((e) => e.kind === 'product')).toHaveLength(union.size);
        const removals = result.entries.some((e) => e.action === 'remove');
        if (result.mode === 'merge') expect(removals).toBe(false);
        if (removals) expect(result.mode).toBe('replace');
      }),
    );
  });

  it('sends in a merge every changed entity, so merging it into the baseline gives the desired menu', () => {
    fc.assert(
      fc.property(menuArb, menuArb, (a, b) => {
        const result = plan(b, a, options);
        fc.pre(result.mode === 'merge');
        expect(byId(applyMerge(a, result.payload!))).toEqual(byId(b));
      }),
      { numRuns: 300 },
    );
  });
});

describe('hashMenu', () => {
  it('ignores key order and sees every value', () => {
    const menu = cafeMenu();
    const reordered = JSON.parse(canonicalJson(menu)) as CanonicalMenu;
    expect(hashMenu(reordered)).toBe(hashMenu(menu));
    expect(hashMenu(menu)).toMatch(/^[0-9a-f]{64}$/);
    reordered.products[0]!.price = 4.51;
    expect(hashMenu(reordered)).not.toBe(hashMenu(menu));
  });
});

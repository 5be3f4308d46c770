import { describe, expect, it } from 'vitest';
import { plan, type PlanOptions } from '../../src/plan/index.js';
import { liveContext, liveRemovalsBeyond } from '../../src/plan/live/live-context.js';
import { liveFingerprint, liveMenuFrom, type LiveMenu } from '../../src/plan/live/live-menu.js';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import type { RemoteCategory } from '../../src/platform/types.js';
import { bigMenu, cafeMenu } from './menus.js';

const options: PlanOptions = { posUid: 'main' };

/** The live menu the platform lists after importing `menu` (uids by ext_id), before any edit. */
function listed(menu: CanonicalMenu): RemoteCategory[] {
  return menu.categories.map((category) => ({
    ...category,
    uid: `u-${category.ext_id}`,
    url: `https://example.test/${category.ext_id}`,
    products_count: menu.products.filter((p) => p.category_ext_id === category.ext_id).length,
    options: (category.options ?? []).map((o) => ({
      ...o,
      uid: `u-${o.ext_id}`,
      option_values: (o.option_values ?? []).map((v) => ({ ...v, uid: `u-${v.ext_id}` })),
    })),
  }));
}

const liveOf = (menu: CanonicalMenu, edit: (c: RemoteCategory[]) => void = () => undefined): LiveMenu => {
  const categories = listed(menu);
  edit(categories);
  return liveMenuFrom(categories);
};

describe('the live menu', () => {
  it('sums the product counts and fingerprints only what a plan compares', () => {
    const live = liveOf(cafeMenu());
    expect(live.products).toBe(3);
    const moved = liveOf(cafeMenu(), (c) => (c[0]!.url = 'https://elsewhere.test/'));
    expect(liveFingerprint(moved)).toBe(liveFingerprint(live));
    const renamed = liveOf(cafeMenu(), (c) => (c[0]!.name = 'Coffees'));
    expect(liveFingerprint(renamed)).not.toBe(liveFingerprint(live));
  });
});

describe('drift (snapshot -> live)', () => {
  it('is empty when the live menu is what was applied', () => {
    expect(liveContext(cafeMenu(), cafeMenu(), liveOf(cafeMenu())).drift).toEqual([]);
  });

  it('lists removed and hand-made categories, product counts, fields and option values', () => {
    const live = liveOf(cafeMenu(), (c) => {
      c.splice(1, 1); // C2 removed on the platform
      c[0]!.products_count = 1;
      c[0]!.hidden = true;
      c[0]!.options![0]!.option_values![0]!.name = 'Oat milk';
      c[0]!.options!.push({ uid: 'u-x', name: 'Syrup' }); // an option made by hand
      c.push({ uid: 'u-new', name: 'Specials', products_count: 2 });
    });
    const snapshot = cafeMenu();
    snapshot.categories[0]!.hidden = false;
    const { drift } = liveContext(cafeMenu(), snapshot, live);
    expect(drift).toEqual([
      {
        kind: 'category',
        action: 'update',
        key: 'C1',
        parents: [],
        name: 'Coffee',
        changes: [{ field: 'hidden', old: false, new: true }],
        products: { old: 2, new: 1 },
      },
      {
        kind: 'option_value',
        action: 'update',
        key: 'OAT',
        parents: ['C1', 'MILK'],
        name: 'Oat milk',
        changes: [{ field: 'name', old: 'Oat', new: 'Oat milk' }],
      },
      // Options by key, each with its values: MILK's value, then the hand-made uid:u-x.
      { kind: 'option', action: 'add', key: 'uid:u-x', handmade: true, parents: ['C1'], name: 'Syrup' },
      {
        kind: 'category',
        action: 'remove',
        key: 'C2',
        parents: [],
        name: 'Cakes',
        products: { old: 1, new: 0 },
      },
      {
        kind: 'category',
        action: 'add',
        key: 'uid:u-new',
        handmade: true,
        parents: [],
        name: 'Specials',
        products: { old: 0, new: 2 },
      },
    ]);
  });

  it('sees a category hidden by hand though menusync never sent hidden', () => {
    const live = liveOf(cafeMenu(), (c) => (c[1]!.hidden = true));
    expect(liveContext(cafeMenu(), cafeMenu(), live).drift).toEqual([
      {
        kind: 'category',
        action: 'update',
        key: 'C2',
        parents: [],
        name: 'Cakes',
        changes: [{ field: 'hidden', old: false, new: true }],
      },
    ]);
    expect(
      liveContext(
        cafeMenu(),
        cafeMenu(),
        liveOf(cafeMenu(), (c) => (c[1]!.hidden = false)),
      ).drift,
    ).toEqual([]);
  });

  it('does not compare a field the snapshot leaves out (the platform fills its defaults)', () => {
    const live = liveOf(cafeMenu(), (c) => (c[0]!.position = 7));
    expect(liveContext(cafeMenu(), cafeMenu(), live).drift).toEqual([]);
  });
});

describe('plan against the live menu', () => {
  it('plans none when nothing changed anywhere, and says what it saw', () => {
    const result = plan(cafeMenu(), cafeMenu(), { ...options, live: liveOf(cafeMenu()) });
    expect(result.mode).toBe('none');
    expect(result.drift).toEqual([]);
    expect(result.live).toMatchObject({ categories: 2, products: 3, handmade: 0, changes: [] });
  });

  it('turns a drift into a replace that lists what it changes on the live menu', () => {
    const live = liveOf(cafeMenu(), (c) => (c[0]!.products_count = 0));
    const result = plan(cafeMenu(), cafeMenu(), { ...options, live });
    expect(result.mode).toBe('replace');
    expect(result.reason).toMatch(
      /^the live menu changed outside menusync \(product counts of 1 category changed, 2 products fewer\)/,
    );
    expect(result.payload?.update_mode).toBe('replace');
    expect(result.live?.changes).toEqual([
      {
        kind: 'category',
        action: 'update',
        key: 'C1',
        parents: [],
        name: 'Coffee',
        products: { old: 0, new: 2 },
      },
    ]);
  });

  it('keeps a requested merge, noting the drift it leaves in place', () => {
    const live = liveOf(cafeMenu(), (c) => c.push({ uid: 'u-h', name: 'By hand', products_count: 0 }));
    const desired = cafeMenu();
    desired.products[0]!.price = 5;
    const result = plan(desired, cafeMenu(), { ...options, mode: 'merge', live });
    expect(result.mode).toBe('merge');
    expect(result.reason).toMatch(
      /note: the live menu changed outside menusync \(1 category added by hand\), which a merge leaves in place/,
    );
  });

  it('holds a first sync to the delete limit against the live count, naming the categories it removes', () => {
    const live = liveOf(bigMenu(40), (c) => c.push({ uid: 'u-h', name: 'By hand', products_count: 5 }));
    const result = plan(bigMenu(2), null, { ...options, live });
    expect(result.mode).toBe('replace');
    expect(result.reason).toMatch(
      /first sync onto a live menu that is not empty \(45 products in 2 categories\)/,
    );
    expect(result.blockedBy).toEqual([
      {
        guard: 'delete-limit',
        message: expect.stringMatching(
          /^the replace would remove 43 products of 45 live \(95\.6%\).*; live categories it removes: category "By hand" \(made by hand, no ext_id, uid:u-h\) \(5 products\)$/,
        ),
        numbers: expect.objectContaining({ removed: 43, liveProducts: 45, liveCategoriesRemoved: 1 }),
        allows: { setting: 'allowDeletes', value: 43 },
      },
    ]);
    expect(plan(bigMenu(2), null, { ...options, live, allowDeletes: { count: 43 } }).blocked).toBeNull();
  });

  it('lets a first sync onto an empty live menu through', () => {
    const result = plan(bigMenu(40), null, { ...options, live: liveMenuFrom([]) });
    expect(result.blocked).toBeNull();
    expect(result.reason).not.toMatch(/first sync onto/);
  });

  it('protects ext_ids that only the live menu holds', () => {
    const live = liveOf(cafeMenu(), (c) =>
      c.push({ uid: 'u-k', ext_id: 'KIDS', name: 'Kids', products_count: 1 }),
    );
    const result = plan(cafeMenu(), null, { ...options, live, protect: ['KIDS'] });
    expect(result.blockedBy?.map((b) => b.guard)).toEqual(['protected']);
    expect(result.blocked).toMatch(/protected entities would be removed: category KIDS "Kids" \(live\)/);
  });

  it('is data: the same inputs give the same JSON, and an offline plan says why', () => {
    const live = liveOf(cafeMenu(), (c) => (c[1]!.products_count = 9));
    const a = JSON.stringify(plan(cafeMenu(), cafeMenu(), { ...options, live }));
    expect(JSON.stringify(plan(cafeMenu(), cafeMenu(), { ...options, live }))).toBe(a);
    const offline = plan(cafeMenu(), cafeMenu(), { ...options, offline: '--offline' });
    expect(offline).toMatchObject({ mode: 'none', drift: [], live: null, offline: '--offline' });
    expect(plan(cafeMenu(), cafeMenu(), options)).not.toHaveProperty('live');
  });
});

describe('what a replace removes from the live menu beyond the plan', () => {
  it('counts hand-made entities and fallen product counts the snapshot does not explain, once', () => {
    const desired = cafeMenu();
    desired.products.pop(); // P3, the only product of C2: the plan removes it
    const live = liveOf(cafeMenu(), (c) => {
      c.push({ uid: 'u-h', name: 'By hand', products_count: 4 });
      c[0]!.options!.push({ uid: 'u-o', name: 'Syrup' });
    });
    const result = plan(desired, cafeMenu(), { ...options, live });
    expect(result.counts.products.remove).toBe(1);
    // The hand-made category and option, and its 4 products; P3 is the plan's own removal.
    expect(liveRemovalsBeyond(result)).toBe(2 + 4);
    expect(liveRemovalsBeyond(plan(cafeMenu(), cafeMenu(), { ...options, live: liveOf(cafeMenu()) }))).toBe(
      0,
    );
  });
});

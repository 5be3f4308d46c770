import { describe, expect, it } from 'vitest';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import { validatePayload } from '../../src/model/validate-payload.js';
import { plan } from '../../src/plan/index.js';
import type { PlanMode, PlanOptions } from '../../src/plan/index.js';
import { cafeMenu } from './menus.js';

const options: PlanOptions = { posUid: 'main' };

const edits: Record<string, (menu: CanonicalMenu) => void> = {
  nothing: () => {},
  'a price change': (m) => (m.products[0]!.price = 4.7),
  'a new product': (m) => m.products.push({ ext_id: 'P4', category_ext_id: 'C2', name: 'Muffin' }),
  'a new option value': (m) => m.products[0]!.options![0]!.option_values!.push({ ext_id: 'XL', name: 'XL' }),
  'a removed product': (m) => m.products.pop(),
  'a removed option value': (m) => m.categories[0]!.options![0]!.option_values!.pop(),
  'a cleared field': (m) => delete m.products[0]!.price,
  'a reorder without positions': (m) => m.categories.reverse(),
};

describe('mode choice (auto)', () => {
  it.each<[string, PlanMode, RegExp]>([
    ['nothing', 'none', /^no changes$/],
    ['a price change', 'merge', /only additions and updates \(updates 1 product\)/],
    ['a new product', 'merge', /adds 1 product/],
    ['a new option value', 'merge', /adds 1 option value/],
    ['a removed product', 'replace', /^removes 1 product: only a replace removes$/],
    ['a removed option value', 'replace', /removes 1 option value/],
    ['a cleared field', 'replace', /clears fields of 1 entity \(product P1\), which a merge may leave/],
    ['a reorder without positions', 'replace', /reorders 1 entity without position fields/],
  ])('chooses the mode for %s', (edit, mode, reason) => {
    const desired = cafeMenu();
    edits[edit]!(desired);
    const result = plan(desired, cafeMenu(), options);
    expect(result.mode).toBe(mode);
    expect(result.reason).toMatch(reason);
    expect(result.blocked).toBeNull();
    expect(result.payload === null).toBe(mode === 'none');
  });

  it('replaces the whole menu when there is no baseline, saying why', () => {
    const result = plan(cafeMenu(), null, {
      ...options,
      baselineNote: 'the last apply had an unknown outcome',
    });
    expect(result.mode).toBe('replace');
    expect(result.reason).toBe(
      'no baseline (the last apply had an unknown outcome): a full replace sets the whole menu',
    );
    expect(result.payload).toEqual({ pos_uid: 'main', update_mode: 'replace', ...cafeMenu() });
  });

  it('sends the full desired menu, in its order, on replace', () => {
    const desired = cafeMenu();
    desired.products.splice(1, 1);
    const { payload } = plan(desired, cafeMenu(), options);
    expect(payload).toEqual({ pos_uid: 'main', update_mode: 'replace', ...desired });
  });
});

describe('merge payload', () => {
  it('sends the whole product of a changed option value, with its category, and nothing unchanged', () => {
    const desired = cafeMenu();
    desired.products[1]!.options![0]!.option_values![1]!.price_operand = 0.6;
    const { mode, payload } = plan(desired, cafeMenu(), options);
    expect(mode).toBe('merge');
    expect(payload?.products).toEqual([desired.products[1]]);
    expect(payload?.categories).toEqual([desired.categories[0]]);
  });

  it('sends a changed category with all its options and no products', () => {
    const desired = cafeMenu();
    desired.categories[0]!.options![0]!.option_values![0]!.name = 'Oat milk';
    const { payload } = plan(desired, cafeMenu(), options);
    expect(payload).toEqual({
      pos_uid: 'main',
      update_mode: 'merge',
      categories: [desired.categories[0]],
      products: [],
    });
  });

  it('includes a new category for a product added to it, and keeps desired order', () => {
    const desired = cafeMenu();
    desired.categories.unshift({ ext_id: 'C0', name: 'Tea' });
    desired.products.push({ ext_id: 'P5', category_ext_id: 'C0', name: 'Chai' });
    desired.products.unshift({ ext_id: 'P4', category_ext_id: 'C2', name: 'Muffin' });
    const { mode, payload } = plan(desired, cafeMenu(), options);
    expect(mode).toBe('merge');
    expect(payload?.products?.map((p) => p.ext_id)).toEqual(['P4', 'P5']);
    expect(payload?.categories?.map((c) => c.ext_id)).toEqual(['C0', 'C2']);
  });

  it('produces payloads the platform validation accepts (every category_ext_id is in the payload)', () => {
    const desired = cafeMenu();
    desired.products[2]!.price = 3.2;
    const { payload } = plan(desired, cafeMenu(), options);
    expect(validatePayload(payload).filter((i) => i.severity === 'error')).toEqual([]);
  });
});

describe('mode override', () => {
  it('refuses a merge that would need to remove, in plain words', () => {
    const desired = cafeMenu();
    desired.products.pop();
    const result = plan(desired, cafeMenu(), { ...options, mode: 'merge' });
    expect(result.mode).toBe('merge');
    expect(result.blocked).toBe(
      'a merge cannot remove: the desired menu drops 1 product (use mode replace or auto to remove them)',
    );
  });

  it('allows a forced merge of additions, and of a whole menu without baseline', () => {
    const desired = cafeMenu();
    desired.products[0]!.price = 5;
    const forced = plan(desired, cafeMenu(), { ...options, mode: 'merge' });
    expect([forced.mode, forced.blocked, forced.payload?.products?.length]).toEqual(['merge', null, 1]);
    const fresh = plan(desired, null, { ...options, mode: 'merge' });
    expect(fresh.mode).toBe('merge');
    expect(fresh.payload).toEqual({ pos_uid: 'main', update_mode: 'merge', ...desired });
  });

  it('always allows a forced replace, even with nothing changed', () => {
    const result = plan(cafeMenu(), cafeMenu(), { ...options, mode: 'replace' });
    expect(result.mode).toBe('replace');
    expect(result.reason).toBe('replace requested: the whole menu is sent (no changes)');
    expect(result.blocked).toBeNull();
    expect(result.payload?.update_mode).toBe('replace');
  });

  it('plans nothing for a forced merge with nothing changed', () => {
    expect(plan(cafeMenu(), cafeMenu(), { ...options, mode: 'merge' }).mode).toBe('none');
  });
});

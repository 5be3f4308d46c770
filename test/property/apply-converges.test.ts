import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plan } from '../../src/plan/index.js';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import type { ImportOption } from '../../src/model/import-payload.js';
import { startHarness, type Harness } from '../apply/harness.js';

// Ids from small pools, so that two random menus share, add and remove entities at every level.
const id = (prefix: string, n: number) => fc.integer({ min: 1, max: n }).map((i) => `${prefix}${i}`);
const name = fc.constantFrom('Latte', 'Tea', 'Café crème', 'Cookie', 'Größe', 'Extra <b>shot</b>');
const money = fc.integer({ min: 0, max: 2000 }).map((c) => c / 100);

// Every entity carries the same fields every time, as an extract does; a field that disappears
// between runs is a separate question (what a merge does with it) from the one tested here.
const optionValues = fc.uniqueArray(
  fc.record({
    ext_id: id('v', 5),
    name,
    price_operator: fc.constant('+'),
    price_operand: money,
    hidden: fc.boolean(),
  }),
  { selector: (v) => v.ext_id, maxLength: 3 },
);
const options = fc
  .uniqueArray(
    fc.record({
      ext_id: id('o', 4),
      name,
      type: fc.constant('single'),
      min_selectable: fc.integer({ min: 0, max: 1 }),
      max_selectable: fc.integer({ min: 1, max: 3 }),
      option_values: optionValues,
    }),
    { selector: (o) => o.ext_id, maxLength: 2 },
  )
  .map(withPositions) as fc.Arbitrary<ImportOption[]>;

const menu: fc.Arbitrary<CanonicalMenu> = fc
  .uniqueArray(fc.record({ ext_id: id('c', 5), name, hidden: fc.boolean(), options }), {
    selector: (c) => c.ext_id,
    minLength: 1,
    maxLength: 4,
  })
  .chain((categories) =>
    fc
      .uniqueArray(
        fc.record({
          ext_id: id('p', 12),
          name,
          price: money,
          hidden: fc.boolean(),
          category_ext_id: fc.constantFrom(...categories.map((c) => c.ext_id)),
          options,
        }),
        { selector: (p) => p.ext_id, minLength: 1, maxLength: 8 },
      )
      .map((products) => ({
        categories: withPositions(categories),
        products: withPositions(products),
      })),
  );

/** Changes without removals (the merge path): new prices, a renamed category, one more product. */
function grown(a: CanonicalMenu): fc.Arbitrary<CanonicalMenu> {
  return fc.tuple(money, name, options).map(([price, newName, newOptions]) => ({
    categories: a.categories.map((c, i) => (i === 0 ? { ...c, name: `${newName} ${c.name}` } : c)),
    products: [
      ...a.products.map((p) => ({ ...p, price: (p.price ?? 0) + price })),
      {
        ext_id: 'p-new',
        name: newName,
        price,
        hidden: false,
        category_ext_id: a.categories[0]?.ext_id,
        options: newOptions,
        position: a.products.length + 1,
      },
    ],
  }));
}

const menuPair = menu.chain((a) => fc.tuple(fc.constant(a), fc.oneof(menu, grown(a))));

function withPositions<T extends object>(items: T[]): T[] {
  return items.map((item, i) => {
    const values = (item as { option_values?: object[] }).option_values;
    return { ...item, position: i + 1, ...(values ? { option_values: withPositions(values) } : {}) };
  });
}

/** Order-free form: positions carry the order, the array order of a merge result does not. */
function normalize(m: CanonicalMenu): CanonicalMenu {
  const byId = <T extends { ext_id: string }>(xs: T[] | undefined) =>
    [...(xs ?? [])].sort((a, b) => a.ext_id.localeCompare(b.ext_id));
  const opts = (xs: ImportOption[] | undefined) =>
    byId(xs).map((o) => ({ ...o, option_values: byId(o.option_values) }));
  return {
    categories: byId(m.categories).map((c) => ({ ...c, options: opts(c.options) })),
    products: byId(m.products).map((p) => ({ ...p, options: opts(p.options) })),
  };
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('apply converges (property, real sandbox)', () => {
  it('applying A then the plan from A to B leaves exactly B on the platform; B to B plans nothing', async () => {
    const modes = new Set<string>();
    const guards = { posUid: 'default', allowDeletes: { percent: 100 }, allowEmpty: true };
    await fc.assert(
      fc.asyncProperty(menuPair, async ([a, b]) => {
        // Each case starts from a clean platform with a replace to A (no baseline in a new state dir).
        await h.close();
        h = await startHarness();
        const first = await h.apply(a, { planOptions: guards });
        expect(first.verification?.status).toBe('verified');
        const second = await h.apply(b, { planOptions: guards });
        modes.add(second.plan.mode);
        expect(second.verification).toMatchObject({ status: 'verified' });
        expect(normalize(h.sandbox.exportMenu(h.clientId))).toEqual(normalize(b));
        expect(plan(b, b, guards).mode).toBe('none');
      }),
      { numRuns: 30 },
    );
    // The property is only meaningful if random pairs reach both the merge and the replace path.
    expect([...modes].sort()).toEqual(expect.arrayContaining(['merge', 'replace']));
  });
});

import { describe, expect, it } from 'vitest';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import { plan, type GuardName, type PlanOptions } from '../../src/plan/index.js';
import { bigMenu } from './menus.js';

const options: PlanOptions = { posUid: 'main' };

function guardsOf(desired: CanonicalMenu, baseline: CanonicalMenu | null, extra: Partial<PlanOptions> = {}) {
  return (plan(desired, baseline, { ...options, ...extra }).blockedBy ?? []).map((block) => block.guard);
}

/** `total` products with the first `changed` of them passed through `change`. */
function changing(total: number, changed: number, change: (p: CanonicalMenu['products'][number]) => void) {
  const desired = bigMenu(total);
  desired.products.slice(0, changed).forEach(change);
  return desired;
}

const hide = (p: { hidden?: boolean }) => (p.hidden = true);
const cents = (p: { price?: number }) => (p.price = p.price! * 100);

describe('mass hiding', () => {
  it.each([
    [100, 20, false], // exactly 20%: allowed
    [100, 21, true],
    [40, 9, false], // over 20% but fewer than 10
    [40, 10, true],
  ])('with %i shown products, hiding %i is blocked: %s', (total, hidden, blocked) => {
    const guards = guardsOf(changing(total, hidden, hide), bigMenu(total));
    expect(guards.includes('mass-hiding')).toBe(blocked);
  });

  it('counts products hidden through their category, and not those hidden already', () => {
    const baseline = bigMenu(50);
    baseline.products.slice(0, 30).forEach(hide);
    const desired = bigMenu(50);
    desired.categories[0]!.hidden = true;
    const result = plan(desired, baseline, options);
    expect(result.blockedBy?.find((b) => b.guard === 'mass-hiding')?.numbers).toMatchObject({
      hidden: 20,
      shownProducts: 20,
    });
  });

  it('is allowed by a count or a share, and says nothing without a baseline', () => {
    const desired = changing(50, 50, hide);
    expect(guardsOf(desired, bigMenu(50), { allowHiding: { count: 50 } })).toEqual([]);
    expect(guardsOf(desired, bigMenu(50), { allowHiding: { percent: 99 } })).toEqual(['mass-hiding']);
    expect(guardsOf(desired, null)).toEqual([]);
  });
});

describe('price changes by a large factor', () => {
  it.each<[string, (p: { price?: number }) => void, boolean]>([
    ['times 100 (cents)', cents, true],
    ['divided by 100', (p) => (p.price = p.price! / 100), true],
    ['times 10', (p) => (p.price = p.price! * 10), true],
    ['times 9', (p) => (p.price = p.price! * 9), false],
    ['to 0', (p) => (p.price = 0), false],
    ['dropped', (p) => delete p.price, false],
  ])('a whole menu whose prices go %s is blocked: %s', (_, change, blocked) => {
    expect(guardsOf(changing(40, 40, change), bigMenu(40)).includes('price-factor')).toBe(blocked);
  });

  it('counts against the products priced on both sides, with the default limit and an allowance', () => {
    expect(guardsOf(changing(100, 20, cents), bigMenu(100))).toEqual([]);
    expect(guardsOf(changing(100, 21, cents), bigMenu(100))).toEqual(['price-factor']);
    expect(guardsOf(changing(100, 21, cents), bigMenu(100), { allowPriceChanges: { percent: 21 } })).toEqual(
      [],
    );
  });
});

describe('erosion', () => {
  const reference = {
    menu: bigMenu(100),
    runId: '20261120T020000000Z-a',
    appliedAt: '2026-11-20T02:00:05.000Z',
    days: 7,
  };
  /** The menu of 100 products without its first `gone`. */
  const without = (gone: number) => ({ ...bigMenu(100), products: bigMenu(100).products.slice(gone) });

  it.each<[number, number, GuardName[]]>([
    [18, 27, ['erosion']], // 9 removed tonight, 27 of the week-old 100
    [11, 20, []], // exactly 20% of the reference
    [18, 18, []], // removes nothing tonight: nothing to stop
  ])('from %i gone to %i gone, the guards are %j', (before, after, expected) => {
    expect(guardsOf(without(after), without(before), { erosionReference: reference })).toEqual(expected);
  });

  it('names the reference run and is allowed by allowErosion (as the library names it)', () => {
    const result = plan(without(27), without(18), { ...options, erosionReference: reference });
    expect(result.blocked).toMatch(
      /would leave 27 products of 100 \(27%\) removed since run 20261120T020000000Z-a .*guards\.allowErosion 27 if intended: product P0001,/,
    );
    expect(
      guardsOf(without(27), without(18), { erosionReference: reference, allowErosion: { count: 27 } }),
    ).toEqual([]);
  });
});

import { FLAG_NAMES } from '../../src/cli/setting-flags.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DELETE_LIMIT, plan } from '../../src/plan/index.js';
import type { PlanOptions } from '../../src/plan/index.js';
import { bigMenu, cafeMenu } from './menus.js';

const options: PlanOptions = { posUid: 'main' };

/** Plans `total` baseline products with the last `removed` dropped from the desired menu. */
function removing(total: number, removed: number, extra: Partial<PlanOptions> = {}) {
  const baseline = bigMenu(total);
  const desired = bigMenu(total);
  desired.products.splice(total - removed, removed);
  return plan(desired, baseline, { ...options, ...extra });
}

describe('deletion guard', () => {
  it('documents its default: at least 10 products and more than 20%', () => {
    expect(DEFAULT_DELETE_LIMIT).toEqual({ minCount: 10, percent: 20 });
  });

  it.each([
    [100, 20, false], // exactly 20%: allowed
    [100, 21, true], // over 20% and >= 10
    [40, 9, false], // 22.5% but fewer than 10
    [40, 10, true], // 25% and 10
    [50, 10, false], // 10 but exactly 20%
    [1000, 150, false], // 15%
  ])('with %i products, removing %i is blocked: %s', (total, removed, blocked) => {
    const result = removing(total, removed);
    expect(result.mode).toBe('replace');
    expect(result.blocked !== null).toBe(blocked);
    if (blocked) expect(result.blocked).toMatch(`the replace would remove ${removed} products of ${total}`);
  });

  it.each([
    [{ count: 21 }, 21, false],
    [{ count: 21 }, 22, true],
    [{ percent: 50 }, 50, false],
    [{ percent: 50 }, 51, true],
    [{ count: 0 }, 1, true],
  ])('allowDeletes %j with %i removals of 100 is blocked: %s', (allowDeletes, removed, blocked) => {
    expect(removing(100, removed, { allowDeletes }).blocked !== null).toBe(blocked);
  });

  it('does not apply to a forced replace with no baseline (nothing known to remove)', () => {
    expect(plan(bigMenu(5), null, { ...options, mode: 'replace' }).blocked).toBeNull();
  });
});

describe('other guards', () => {
  it('blocks an empty desired menu unless allowEmpty', () => {
    const empty = { categories: [{ ext_id: 'C1', name: 'Coffee' }], products: [] };
    const blocked = plan(empty, null, options);
    expect(blocked.blocked).toMatch(/the desired menu has no products/);
    expect(plan(empty, null, { ...options, allowEmpty: true }).blocked).toBeNull();
  });

  it('blocks when extraction reported errors', () => {
    expect(plan(cafeMenu(), cafeMenu(), { ...options, extractionErrors: 2 }).blocked).toBe(
      '2 extraction errors: fix the input or mapping first',
    );
    expect(plan(cafeMenu(), cafeMenu(), { ...options, extractionErrors: 0 }).blocked).toBeNull();
  });

  it('keeps the first extraction error beside the block, for the one-line reasons', () => {
    const first = 'menu.csv, row 5, column "Price": not a price: "abc" [bad-price]';
    const blocked = plan(cafeMenu(), cafeMenu(), {
      ...options,
      extractionErrors: 2,
      firstExtractionError: first,
    });
    expect(blocked.blockedBy).toEqual([
      expect.objectContaining({ guard: 'extraction-errors', numbers: { errors: 2 }, first }),
    ]);
  });

  it('blocks the removal of a protected ext_id at any level', () => {
    const desired = cafeMenu();
    desired.products[0]!.options![0]!.option_values!.pop();
    const result = plan(desired, cafeMenu(), { ...options, protect: ['L', 'P9'] });
    expect(result.blocked).toBe('protected entities would be removed: option value P1/SIZE/L');
    expect(plan(desired, cafeMenu(), { ...options, protect: ['P1'] }).blocked).toBeNull();
  });

  it('joins every reason that blocks, naming the settings as the caller does', () => {
    const desired = { categories: [], products: [] };
    const result = plan(desired, cafeMenu(), {
      ...options,
      names: FLAG_NAMES,
      mode: 'merge',
      extractionErrors: 1,
      protect: ['P1'],
    });
    expect(result.blocked?.split('; ')).toEqual([
      'a merge cannot remove: the desired menu drops 2 categories, 3 products, 3 options and 5 option values' +
        ' (use --mode replace or auto to remove them)',
      '1 extraction error: fix the input or mapping first',
      'the desired menu has no products (empty or truncated export?), pass --allow-empty if intended',
      'protected entities would be removed: product P1',
    ]);
  });
});

describe('blockedBy: which guard refused, and on which numbers', () => {
  it('gives one entry per reason of `blocked`, named, with its numbers', () => {
    const desired = { categories: [], products: [] };
    const result = plan(desired, cafeMenu(), {
      ...options,
      mode: 'merge',
      extractionErrors: 1,
      protect: ['P1'],
    });
    expect(result.blockedBy?.map((block) => block.guard)).toEqual([
      'merge-cannot-remove',
      'extraction-errors',
      'empty-menu',
      'protected',
    ]);
    expect(result.blockedBy?.map((block) => block.message).join('; ')).toBe(result.blocked);
    expect(result.blockedBy?.[0]?.numbers).toEqual({ removed: 13 });
    expect(result.blockedBy?.[1]?.numbers).toEqual({ errors: 1 });
    expect(result.blockedBy?.[2]?.numbers).toEqual({ products: 0, categories: 0, snapshotProducts: 3 });
    expect(result.blockedBy?.[3]).toMatchObject({ numbers: { removed: 1 }, extIds: ['P1'] });
  });

  it.each([
    [undefined, { limitCount: 10, limitPercent: 20 }],
    [{ count: 12 }, { limitCount: 12 }],
    [{ percent: 15 }, { limitPercent: 15 }],
  ])('the delete limit %j reports the removals, the snapshot size and the limit', (allowDeletes, limit) => {
    const result = removing(100, 30, allowDeletes ? { allowDeletes } : {});
    expect(result.blockedBy).toEqual([
      {
        guard: 'delete-limit',
        message: result.blocked,
        numbers: { removed: 30, snapshotProducts: 100, ...limit },
        allows: { setting: 'allowDeletes', value: 30 },
      },
    ]);
  });

  it('is empty when nothing blocks', () => {
    expect(plan(cafeMenu(), cafeMenu(), options).blockedBy).toEqual([]);
  });
});

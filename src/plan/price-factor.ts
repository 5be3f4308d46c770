import type { CanonicalMenu } from '../model/canonical-menu.js';
import { countOf } from '../plural.js';
import { limitNumbers, overLimit, shareOf, someNames } from './limit.js';
import { NAMED_REMOVALS } from './live/live-removals.js';
import type { GuardBlock, PlanOptions } from './types.js';

/**
 * A price change by this factor or more, up or down, is a large one: a POS that switches between
 * units and cents multiplies or divides every price by 100, and no real repricing of a whole menu
 * moves by 10 times.
 */
export const PRICE_FACTOR = 10;

/**
 * Mass price change: the products whose price moves by PRICE_FACTOR or more, out of the products
 * priced (above 0) in both the baseline and the desired menu. A price set from nothing or to 0
 * is no factor and is not counted.
 */
export function priceFactorBlock(
  desired: CanonicalMenu,
  baseline: CanonicalMenu | null,
  options: PlanOptions,
): GuardBlock | null {
  if (!baseline) return null;
  const before = new Map<string, number>();
  for (const product of baseline.products) {
    if (product.price !== undefined && product.price > 0) before.set(product.ext_id, product.price);
  }
  let priced = 0;
  let changed = 0;
  const names: string[] = [];
  for (const product of desired.products) {
    const old = before.get(product.ext_id);
    if (old === undefined || product.price === undefined || !(product.price > 0)) continue;
    priced += 1;
    const ratio = product.price / old;
    if (ratio < PRICE_FACTOR && ratio * PRICE_FACTOR > 1) continue;
    changed += 1;
    if (names.length < NAMED_REMOVALS) names.push(`product ${product.ext_id} ${old} -> ${product.price}`);
  }
  const over = overLimit(changed, priced, options.allowPriceChanges, '--allow-price-changes');
  if (!over) return null;
  return {
    guard: 'price-factor',
    message: `the plan would change the price of ${countOf(changed, 'product')}${shareOf(changed, priced, ' priced')} by a factor of ${PRICE_FACTOR} or more (units and cents mixed up?), ${over}: ${someNames(names, changed)}`,
    numbers: {
      changed,
      pricedProducts: priced,
      factor: PRICE_FACTOR,
      ...limitNumbers(options.allowPriceChanges),
    },
  };
}

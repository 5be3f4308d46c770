import type { CanonicalMenu } from '../model/canonical-menu.js';
import { countOf } from '../plural.js';
import { guardNames, limitNumbers, overLimit, shareOf, someNames } from './limit.js';
import { NAMED_REMOVALS } from './live/live-removals.js';
import type { GuardBlock, PlanEntry, PlanOptions } from './types.js';

/**
 * A price change by this factor or more, up or down, is a large one: a POS that switches between
 * units and cents multiplies or divides every price by 100, and no real repricing of a whole menu
 * moves by 10 times.
 */
export const PRICE_FACTOR = 10;

/** The product price change of an update entry, when both prices are above 0 (a factor). */
function priceChange(entry: PlanEntry): { old: number; new: number } | null {
  if (entry.kind !== 'product' || entry.action !== 'update') return null;
  const change = entry.changes?.find((c) => c.field === 'price');
  if (!change || typeof change.old !== 'number' || typeof change.new !== 'number') return null;
  return change.old > 0 && change.new > 0 ? { old: change.old, new: change.new } : null;
}

/**
 * Mass price change: the products whose price moves by PRICE_FACTOR or more, out of the products
 * priced (above 0) in the baseline. Counted from the plan's own entries: only what changed is
 * looked at. A price set from nothing or to 0 is no factor and is not counted.
 */
export function priceFactorBlock(
  baseline: CanonicalMenu | null,
  entries: readonly PlanEntry[],
  options: PlanOptions,
): GuardBlock | null {
  if (!baseline) return null;
  let changed = 0;
  const names: string[] = [];
  for (const entry of entries) {
    const price = priceChange(entry);
    if (!price) continue;
    const ratio = price.new / price.old;
    if (ratio < PRICE_FACTOR && ratio * PRICE_FACTOR > 1) continue;
    changed += 1;
    if (names.length < NAMED_REMOVALS) names.push(`product ${entry.ext_id} ${price.old} -> ${price.new}`);
  }
  if (changed === 0) return null;
  const priced = baseline.products.reduce((n, p) => (p.price !== undefined && p.price > 0 ? n + 1 : n), 0);
  const over = overLimit(changed, priced, options.allowPriceChanges, guardNames(options).allowPriceChanges);
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
    allows: { setting: 'allowPriceChanges', value: changed },
  };
}

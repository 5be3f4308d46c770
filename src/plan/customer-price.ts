import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { ImportProduct } from '../model/import-payload.js';
import { roundMoney } from '../model/money.js';
import type { PlanEntry } from './types.js';

/**
 * Sets `customer` on the `price_operand` changes of product option values: what the customer pays
 * for that choice (the product's price plus the surcharge) before and after. A variant export
 * often moves the base price and every surcharge together (Small 3.50 -> 3.00, Large +0.70 ->
 * +1.20): the customer still pays 4.20 for a Large, and the report must not show it as a rise.
 * Looks products up only when some value's surcharge changed.
 */
export function markCustomerPrices(
  valueEntries: readonly PlanEntry[],
  desired: CanonicalMenu,
  baseline: CanonicalMenu | null,
): void {
  const changed = valueEntries.filter((entry) =>
    entry.changes?.some((c) => c.field === 'price_operand' && typeof c.old === 'number'),
  );
  if (changed.length === 0 || !baseline) return;
  const desiredProducts = byId(desired.products);
  const baselineProducts = byId(baseline.products);
  for (const entry of changed) {
    const productId = entry.parents[0] ?? '';
    const before = baselineProducts.get(productId)?.price;
    const after = desiredProducts.get(productId)?.price;
    const change = entry.changes?.find((c) => c.field === 'price_operand');
    if (!change || typeof before !== 'number' || typeof after !== 'number') continue;
    if (typeof change.old !== 'number' || typeof change.new !== 'number') continue;
    change.customer = { old: roundMoney(before + change.old), new: roundMoney(after + change.new) };
  }
}

function byId(products: readonly ImportProduct[]): Map<string, ImportProduct> {
  const map = new Map<string, ImportProduct>();
  for (const product of products) if (!map.has(product.ext_id)) map.set(product.ext_id, product);
  return map;
}

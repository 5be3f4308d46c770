import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { ImportProduct } from '../model/import-payload.js';
import { countOf } from '../plural.js';
import { limitNumbers, overLimit, shareOf, someNames } from './limit.js';
import { NAMED_REMOVALS } from './live/live-removals.js';
import type { GuardBlock, PlanOptions } from './types.js';

/** Whether customers see each product: neither it nor its category is hidden. */
function shownTest(menu: CanonicalMenu): (product: ImportProduct) => boolean {
  const hiddenCategories = new Set(menu.categories.filter((c) => c.hidden === true).map((c) => c.ext_id));
  return (product) => product.hidden !== true && !hiddenCategories.has(product.category_ext_id ?? '');
}

/**
 * Mass hiding: an export that marks every product unavailable (a POS export taken while the shop
 * was closed, a column read the wrong way round) empties the menu customers see as surely as a
 * truncated one, without removing anything. Counted against the products the baseline shows;
 * a product hidden through its category counts too. Products the plan removes are the delete
 * limit's, not counted here.
 */
export function massHidingBlock(
  desired: CanonicalMenu,
  baseline: CanonicalMenu | null,
  options: PlanOptions,
): GuardBlock | null {
  if (!baseline) return null;
  const wasShown = shownTest(baseline);
  const isShown = shownTest(desired);
  const shownBefore = new Set(baseline.products.filter(wasShown).map((p) => p.ext_id));
  const hidden = desired.products.filter((p) => shownBefore.has(p.ext_id) && !isShown(p));
  const over = overLimit(hidden.length, shownBefore.size, options.allowHiding, '--allow-hiding');
  if (!over) return null;
  const names = hidden.slice(0, NAMED_REMOVALS).map((p) => `product ${p.ext_id}`);
  return {
    guard: 'mass-hiding',
    message: `the plan would hide ${countOf(hidden.length, 'product')}${shareOf(hidden.length, shownBefore.size, ' shown')}, ${over}: ${someNames(names, hidden.length)}`,
    numbers: { hidden: hidden.length, shownProducts: shownBefore.size, ...limitNumbers(options.allowHiding) },
  };
}

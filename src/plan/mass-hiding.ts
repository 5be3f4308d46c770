import type { CanonicalMenu } from '../model/canonical-menu.js';
import { countOf } from '../plural.js';
import { guardNames, limitNumbers, overLimit, shareOf, someNames } from './limit.js';
import { NAMED_REMOVALS } from './live/live-removals.js';
import type { GuardBlock, PlanEntry, PlanOptions } from './types.js';

/** An update entry that turns `hidden` on (`to` true: it was false or absent) or off (`to` false). */
function turnsHidden(entry: PlanEntry, to: boolean): boolean {
  if (entry.action !== 'update') return false;
  const change = entry.changes?.find((c) => c.field === 'hidden');
  return change !== undefined && (change.new === true) === to && (change.old === true) !== to;
}
const hides = (entry: PlanEntry) => turnsHidden(entry, true);
const unhides = (entry: PlanEntry) => turnsHidden(entry, false);

/** The products the baseline shows: neither they nor their category hidden. One pass, no lookups by key. */
function shownCount(menu: CanonicalMenu): number {
  const hiddenCategories = new Set(menu.categories.filter((c) => c.hidden === true).map((c) => c.ext_id));
  let shown = 0;
  for (const product of menu.products) {
    if (product.hidden !== true && !hiddenCategories.has(product.category_ext_id ?? '')) shown += 1;
  }
  return shown;
}

/**
 * Mass hiding: an export that marks every product unavailable (taken while the shop was closed, a
 * column read the wrong way round) empties the menu customers see as surely as a truncated one,
 * without removing anything. Counted from the plan's own entries (only what changed is looked at):
 * products that become hidden, and the products a newly hidden category hides, out of the products
 * the baseline shows. Products the plan removes are the delete limit's, not counted here.
 */
export function massHidingBlock(
  desired: CanonicalMenu,
  baseline: CanonicalMenu | null,
  entries: readonly PlanEntry[],
  options: PlanOptions,
): GuardBlock | null {
  if (!baseline) return null;
  const hidden = entries.filter((e) => e.kind === 'product' && hides(e)).map((e) => e.ext_id);
  const categories = new Set(entries.filter((e) => e.kind === 'category' && hides(e)).map((e) => e.ext_id));
  if (categories.size > 0) {
    // Shown before: not added, and not hidden itself in the baseline (its category was shown).
    const notShownBefore = new Set(
      entries.filter((e) => e.kind === 'product' && (e.action === 'add' || unhides(e))).map((e) => e.ext_id),
    );
    for (const product of desired.products) {
      if (product.hidden === true || notShownBefore.has(product.ext_id)) continue;
      if (categories.has(product.category_ext_id ?? '')) hidden.push(product.ext_id);
    }
  }
  const shown = shownCount(baseline);
  const over = overLimit(hidden.length, shown, options.allowHiding, guardNames(options).allowHiding);
  if (!over) return null;
  const names = hidden.slice(0, NAMED_REMOVALS).map((id) => `product ${id}`);
  return {
    guard: 'mass-hiding',
    message: `the plan would hide ${countOf(hidden.length, 'product')}${shareOf(hidden.length, shown, ' shown')}, ${over}: ${someNames(names, hidden.length)}`,
    numbers: { hidden: hidden.length, shownProducts: shown, ...limitNumbers(options.allowHiding) },
    allows: { setting: 'allowHiding', value: hidden.length },
  };
}

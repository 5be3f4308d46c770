import type { CanonicalMenu } from '../../model/canonical-menu.js';
import { countOf } from '../../plural.js';
import type { LiveMenu } from './live-menu.js';
import { viewOfLive, viewOfMenu, type OptionView, type ValueView } from './menu-view.js';

/** What a replace removes at one level, out of how many there are, and the first few by name. */
export interface LevelRemovals {
  removed: number;
  total: number;
  names: string[];
}

/** Every level a replace removes from, as the platform lists it or the snapshot holds it. */
export interface Removals {
  categories: LevelRemovals;
  products: LevelRemovals;
  options: LevelRemovals;
  option_values: LevelRemovals;
}

export const REMOVAL_LEVELS = ['categories', 'products', 'options', 'option_values'] as const;

/** How many removed entities each level names; the rest are counted. */
export const NAMED_REMOVALS = 5;

function level(): LevelRemovals {
  return { removed: 0, total: 0, names: [] };
}

function named(at: LevelRemovals, count: number, name: () => string): void {
  at.removed += count;
  if (count > 0 && at.names.length < NAMED_REMOVALS) at.names.push(name());
}

function label(kind: string, view: ValueView, where: readonly string[]): string {
  const title = view.name !== undefined ? ` ${JSON.stringify(view.name)}` : '';
  if (view.handmade) {
    const inside = where.length > 0 ? ` in ${where.join('/')}` : '';
    return `${kind}${title}${inside} (made by hand, no ext_id, ${view.key})`;
  }
  return `${kind} ${[...where, view.key].join('/')}${title}`;
}

/** Counts an option (and its values) that goes, or the values of a kept one that go. */
function optionRemovals(
  out: Removals,
  where: string,
  live: OptionView,
  desired: OptionView | undefined,
): void {
  out.option_values.total += live.values.size;
  if (!desired) {
    named(out.options, 1, () => label('option', live, [where]));
    for (const value of live.values.values())
      named(out.option_values, 1, () => label('option value', value, [where, live.key]));
    return;
  }
  for (const value of live.values.values()) {
    if (!desired.values.has(value.key))
      named(out.option_values, 1, () => label('option value', value, [where, live.key]));
  }
}

/**
 * What a replace by `desired` removes from the live menu, whatever desired holds beside it: every
 * live category it does not hold, every option and value it drops from a category it keeps, and
 * per category the products beyond what
 * desired puts there (the platform lists products only as counts, so a product moved out of a
 * category the snapshot does not know counts as removed: never fewer than the truth).
 * `movedOut` (from the snapshot) says how many products of a category desired keeps elsewhere.
 */
export function liveRemovals(
  live: LiveMenu,
  desired: CanonicalMenu,
  movedOut: ReadonlyMap<string, number> = new Map(),
): Removals {
  const out: Removals = { categories: level(), products: level(), options: level(), option_values: level() };
  const desiredView = viewOfMenu(desired);
  for (const category of viewOfLive(live).values()) {
    const kept = desiredView.get(category.key);
    out.categories.total += 1;
    out.products.total += category.products;
    out.options.total += category.options.size;
    const gone = Math.max(0, category.products - (kept?.products ?? 0) - (movedOut.get(category.key) ?? 0));
    if (!kept) named(out.categories, 1, () => label('category', category, []));
    named(out.products, gone, () => `${countOf(gone, 'product')} of ${label('category', category, [])}`);
    for (const option of category.options.values()) {
      // The options of a category that goes are judged with it (the category level), not again.
      if (kept) optionRemovals(out, category.key, option, kept.options.get(option.key));
      else out.option_values.total += option.values.size;
    }
  }
  return out;
}

/** The larger of two counts at every level: a replace removes at least what either side shows. */
export function largerRemovals(a: Removals, b: Removals): Removals {
  const pick = (x: LevelRemovals, y: LevelRemovals): LevelRemovals => ({
    removed: Math.max(x.removed, y.removed),
    total: Math.max(x.total, y.total),
    names: x.removed >= y.removed ? x.names : y.names,
  });
  return {
    categories: pick(a.categories, b.categories),
    products: pick(a.products, b.products),
    options: pick(a.options, b.options),
    option_values: pick(a.option_values, b.option_values),
  };
}

import type { CanonicalMenu } from '../model/canonical-menu.js';
import { countOf } from '../plural.js';
import { removedCategories, withProducts, type LiveContext } from './live/live-context.js';
import {
  largerRemovals,
  liveRemovals,
  NAMED_REMOVALS,
  REMOVAL_LEVELS,
  type LevelRemovals,
  type Removals,
} from './live/live-removals.js';
import { entityLabel } from './mode.js';
import { OPTION_NAMES } from '../model/setting-names.js';
import { DEFAULT_LIMIT, guardNames, limitNumbers, overLimit, shareOf, someNames } from './limit.js';
import type { GuardBlock, PlanEntry, PlanOptions } from './types.js';

/** The default deletion limit of a replace (limit.ts): at least 10 of a level and more than 20 % of it. */
export const DEFAULT_DELETE_LIMIT = DEFAULT_LIMIT;

const NOUNS: Record<(typeof REMOVAL_LEVELS)[number], [string, string]> = {
  categories: ['category', 'categories'],
  products: ['product', 'products'],
  options: ['option', 'options'],
  option_values: ['option value', 'option values'],
};

/** Why the limit refuses `removed` of `total` products, or null. */
export function deleteLimitExceeded(
  removed: number,
  total: number,
  allow: PlanOptions['allowDeletes'],
  noun: [string, string] = NOUNS.products,
  of = '',
  setting: string = OPTION_NAMES.allowDeletes,
): string | null {
  const over = overLimit(removed, total, allow, setting);
  if (!over) return null;
  return `the replace would remove ${countOf(removed, ...noun)}${shareOf(removed, total, of)}, ${over}`;
}

function countOptions(menu: CanonicalMenu): { options: number; values: number } {
  let options = 0;
  let values = 0;
  for (const owner of [...menu.categories, ...menu.products]) {
    for (const option of owner.options ?? []) {
      options += 1;
      values += option.option_values?.length ?? 0;
    }
  }
  return { options, values };
}

/**
 * What the plan's own entries (against the snapshot) remove, out of what the snapshot holds. An
 * option or value that goes with its category, product or option is judged at that level, not again.
 */
function snapshotRemovals(baseline: CanonicalMenu, removed: readonly PlanEntry[]): Removals {
  const held = countOptions(baseline);
  const gone = new Set(removed.map((e) => JSON.stringify([e.parentKind ?? e.kind, ...e.parents, e.ext_id])));
  const ownerGone = (e: PlanEntry): boolean => {
    const owner = e.parentKind ?? 'category';
    if (gone.has(JSON.stringify([owner, e.parents[0]]))) return true;
    return e.kind === 'option_value' && gone.has(JSON.stringify([owner, ...e.parents]));
  };
  const at = (kind: PlanEntry['kind'], total: number): LevelRemovals => {
    const own = removed.filter(
      (e) => e.kind === kind && (kind === 'category' || kind === 'product' || !ownerGone(e)),
    );
    return { removed: own.length, total, names: own.slice(0, NAMED_REMOVALS).map(entityLabel) };
  };
  return {
    categories: at('category', baseline.categories.length),
    products: at('product', baseline.products.length),
    options: at('option', held.options),
    option_values: at('option_value', held.values),
  };
}

/** Per category, the snapshot's products that desired keeps in another category (moved, not removed). */
function movedOut(baseline: CanonicalMenu | null, desired: CanonicalMenu): Map<string, number> {
  const moved = new Map<string, number>();
  if (!baseline) return moved;
  const placed = new Map(desired.products.map((p) => [p.ext_id, p.category_ext_id ?? '']));
  for (const product of baseline.products) {
    const from = product.category_ext_id ?? '';
    const to = placed.get(product.ext_id);
    if (to !== undefined && to !== from) moved.set(from, (moved.get(from) ?? 0) + 1);
  }
  return moved;
}

function namesOf(at: LevelRemovals): string {
  return someNames(at.names, at.removed);
}

/**
 * The delete limit of a replace at every level (categories, products, options, values): what it
 * removes is the larger of what the snapshot says goes and what the live menu shows goes, out of
 * the larger of the two menus, so a live read that shows less (or nothing) never lowers the
 * count. Each level over the limit is named with what it removes.
 */
export function deleteLimitBlock(
  desired: CanonicalMenu,
  baseline: CanonicalMenu | null,
  removed: readonly PlanEntry[],
  live: LiveContext | null,
  options: PlanOptions,
): GuardBlock | null {
  const fromSnapshot = baseline ? snapshotRemovals(baseline, removed) : null;
  const fromLive = live ? liveRemovals(live.menu, desired, movedOut(baseline, desired)) : null;
  const counted =
    fromSnapshot && fromLive ? largerRemovals(fromSnapshot, fromLive) : (fromSnapshot ?? fromLive);
  if (!counted) return null;
  const allow = options.allowDeletes;
  const messages: string[] = [];
  const numbers: Record<string, number> = {};
  let most = 0;
  for (const level of REMOVAL_LEVELS) {
    const at = counted[level];
    const liveTotal = fromLive?.[level].total ?? -1;
    const of = at.total === liveTotal ? ' live' : '';
    const limit = deleteLimitExceeded(
      at.removed,
      at.total,
      allow,
      NOUNS[level],
      of,
      guardNames(options).allowDeletes,
    );
    if (!limit) continue;
    most = Math.max(most, at.removed);
    if (level !== 'products') {
      numbers[`${level === 'option_values' ? 'optionValues' : level}Removed`] = at.removed;
      messages.push(`${limit}: ${namesOf(at)}`);
      continue;
    }
    const shows =
      fromLive && fromLive.products.total < at.total
        ? ` (the live menu shows ${fromLive.products.total})`
        : '';
    const gone = live ? removedCategories(live.changes) : [];
    const categories =
      gone.length > 0
        ? `; live categories it removes: ${gone.slice(0, NAMED_REMOVALS).map(withProducts).join(', ')}${gone.length > NAMED_REMOVALS ? `, and ${gone.length - NAMED_REMOVALS} more` : ''}`
        : '';
    const named = fromSnapshot?.products.removed
      ? `; products it removes: ${namesOf(fromSnapshot.products)}`
      : '';
    messages.unshift(`${limit}${shows}${categories}${named}`);
    Object.assign(numbers, {
      removed: at.removed,
      snapshotProducts: baseline?.products.length ?? 0,
      ...(live ? { liveProducts: live.menu.products, liveCategoriesRemoved: gone.length } : {}),
    });
  }
  if (messages.length === 0) return null;
  return {
    guard: 'delete-limit',
    message: messages.join('; '),
    numbers: { ...numbers, ...limitNumbers(allow) },
    allows: { setting: 'allowDeletes', value: most },
  };
}

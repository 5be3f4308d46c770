import type { CanonicalMenu } from '../model/canonical-menu.js';
import { changeLabel, removedCategories, withProducts, type LiveContext } from './live/live-context.js';
import { entityLabel } from './mode.js';
import type { GuardBlock, PlanEntry, PlanMode, PlanOptions } from './types.js';
import { countOf } from '../plural.js';

/**
 * The default deletion limit of a replace: blocked when it removes at least DEFAULT_MIN_COUNT
 * products AND more than DEFAULT_PERCENT % of the baseline's products. Small menus can lose a few
 * products freely; a truncated export of a big menu cannot wipe it. Exactly 20 % passes.
 */
export const DEFAULT_DELETE_LIMIT = { minCount: 10, percent: 20 } as const;

interface GuardInput {
  desired: CanonicalMenu;
  baseline: CanonicalMenu | null;
  entries: readonly PlanEntry[];
  mode: PlanMode;
  options: PlanOptions;
  /** The live menu, for a replace planned against it (null otherwise). */
  live?: LiveContext | null;
}

/** Why the limit refuses `removed` of `total` products, or null. Integer maths: no float boundary. */
export function deleteLimitExceeded(
  removed: number,
  total: number,
  allow: PlanOptions['allowDeletes'],
): string | null {
  const share = total > 0 ? ` of ${total} (${Math.round((removed * 1000) / total) / 10}%)` : '';
  const head = `the replace would remove ${countOf(removed, 'product')}${share}`;
  if (allow && 'count' in allow) {
    return removed > allow.count ? `${head}, more than the allowed ${allow.count}` : null;
  }
  if (allow && 'percent' in allow) {
    return removed * 100 > allow.percent * total ? `${head}, more than the allowed ${allow.percent}%` : null;
  }
  const { minCount, percent } = DEFAULT_DELETE_LIMIT;
  if (removed >= minCount && removed * 100 > percent * total) {
    return `${head}, over the default limit (${minCount} or more and over ${percent}%), allow it with --allow-deletes ${removed} if intended`;
  }
  return null;
}

/** The numbers behind the delete limit's decision: what is removed and the limit it is held to. */
export function deleteLimitNumbers(
  removed: number,
  total: number,
  allow: PlanOptions['allowDeletes'],
): Record<string, number> {
  const limit: Record<string, number> =
    allow && 'count' in allow
      ? { limitCount: allow.count }
      : allow && 'percent' in allow
        ? { limitPercent: allow.percent }
        : { limitCount: DEFAULT_DELETE_LIMIT.minCount, limitPercent: DEFAULT_DELETE_LIMIT.percent };
  return { removed, snapshotProducts: total, ...limit };
}

/** Every guard that refuses this plan, in a fixed order (the plan's `blocked` joins their messages with '; '). */
export function guardBlocks(input: GuardInput): GuardBlock[] {
  const { desired, baseline, entries, mode, options } = input;
  const blocks: GuardBlock[] = [];
  const errors = options.extractionErrors ?? 0;
  if (errors > 0) {
    blocks.push({
      guard: 'extraction-errors',
      message: `${countOf(errors, 'extraction error')}: fix the input or mapping first`,
      numbers: { errors },
    });
  }
  // "Empty" means no products: categories without products are what a truncated export looks like.
  if (desired.products.length === 0 && !options.allowEmpty) {
    blocks.push({
      guard: 'empty-menu',
      message:
        'the desired menu has no products (empty or truncated export?), pass --allow-empty if intended',
      numbers: {
        products: 0,
        categories: desired.categories.length,
        snapshotProducts: baseline?.products.length ?? 0,
      },
    });
  }
  const removed = entries.filter((e) => e.action === 'remove');
  const live = mode === 'replace' ? (input.live ?? null) : null;
  if (mode === 'replace' && (baseline || live)) {
    const limit = deleteLimitBlock(desired, baseline, removed, live, options);
    if (limit) blocks.push(limit);
  }
  if (options.protect && options.protect.length > 0) {
    const protectedIds = new Set(options.protect);
    const hit = removed.filter((e) => protectedIds.has(e.ext_id)).map(entityLabel);
    const hitIds = removed.filter((e) => protectedIds.has(e.ext_id)).map((e) => e.ext_id);
    // A replace also removes what is live and not desired, whatever the snapshot says.
    for (const change of live?.changes ?? []) {
      if (change.action !== 'remove' || !protectedIds.has(change.key) || hitIds.includes(change.key))
        continue;
      hit.push(`${changeLabel(change)} (live)`);
      hitIds.push(change.key);
    }
    if (hit.length > 0)
      blocks.push({
        guard: 'protected',
        message: `protected entities would be removed: ${hit.join(', ')}`,
        numbers: { removed: hit.length },
        extIds: hitIds,
      });
  }
  return blocks;
}

const NAMED_CATEGORIES = 5;

/**
 * The delete limit of a replace, judged against the live menu when it was read: the products it
 * removes are at least what the snapshot says goes (no more than is live) and at least the live
 * count minus the desired count (all a first sync can know), out of the live count. The live
 * categories it removes are named with their products.
 */
function deleteLimitBlock(
  desired: CanonicalMenu,
  baseline: CanonicalMenu | null,
  removed: readonly PlanEntry[],
  live: LiveContext | null,
  options: PlanOptions,
): GuardBlock | null {
  const fromSnapshot = baseline ? removed.filter((e) => e.kind === 'product').length : 0;
  if (!live) {
    const total = baseline?.products.length ?? 0;
    const limit = deleteLimitExceeded(fromSnapshot, total, options.allowDeletes);
    if (!limit) return null;
    return {
      guard: 'delete-limit',
      message: limit,
      numbers: deleteLimitNumbers(fromSnapshot, total, options.allowDeletes),
    };
  }
  const liveProducts = live.menu.products;
  const count = Math.max(Math.min(fromSnapshot, liveProducts), liveProducts - desired.products.length);
  const limit = deleteLimitExceeded(count, liveProducts, options.allowDeletes);
  if (!limit) return null;
  const gone = removedCategories(live.changes);
  const named = gone.slice(0, NAMED_CATEGORIES).map(withProducts).join(', ');
  const more = gone.length > NAMED_CATEGORIES ? `, and ${gone.length - NAMED_CATEGORIES} more` : '';
  return {
    guard: 'delete-limit',
    message: `${limit.replace(` of ${liveProducts} `, ` of ${liveProducts} live `)}${gone.length > 0 ? `; live categories it removes: ${named}${more}` : ''}`,
    numbers: {
      ...deleteLimitNumbers(count, baseline?.products.length ?? 0, options.allowDeletes),
      liveProducts,
      liveCategoriesRemoved: gone.length,
    },
  };
}

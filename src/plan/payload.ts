import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { ImportPayload } from '../model/import-payload.js';
import type { PlanEntry } from './types.js';

export function replacePayload(desired: CanonicalMenu, posUid: string): ImportPayload {
  return {
    pos_uid: posUid,
    update_mode: 'replace',
    categories: desired.categories,
    products: desired.products,
  };
}

/**
 * A merge sends only the top-level entities that changed, each whole: a changed option or option
 * value sends its category or product with all its options and values, since how the platform
 * merges a partial option list is not published.
 *
 * Every product sent brings its category along, changed or not. The platform's rule for a
 * category_ext_id that points outside the payload is not published, and the sandbox (like our own
 * validateMenu) checks category_ext_id against the payload's categories; re-sending an unchanged
 * category in a merge rewrites it with the values it already has, so including it is harmless.
 * Entities keep the desired menu's order.
 */
export function mergePayload(
  desired: CanonicalMenu,
  entries: readonly PlanEntry[],
  posUid: string,
): ImportPayload {
  const changedCategories = new Set<string>();
  const changedProducts = new Set<string>();
  for (const entry of entries) {
    if (entry.action !== 'add' && entry.action !== 'update') continue;
    const root = rootOf(entry);
    (root.kind === 'category' ? changedCategories : changedProducts).add(root.ext_id);
  }

  const products = firstOccurrences(desired.products, changedProducts);
  const categoryIds = new Set(changedCategories);
  for (const product of products) {
    if (product.category_ext_id !== undefined) categoryIds.add(product.category_ext_id);
  }
  const categories = firstOccurrences(desired.categories, categoryIds);
  return { pos_uid: posUid, update_mode: 'merge', categories, products };
}

/** The top-level entity an entry belongs to: itself, or the category/product its option hangs under. */
function rootOf(entry: PlanEntry): { kind: 'category' | 'product'; ext_id: string } {
  if (entry.kind === 'category' || entry.kind === 'product')
    return { kind: entry.kind, ext_id: entry.ext_id };
  return { kind: entry.parentKind ?? 'product', ext_id: entry.parents[0] ?? '' };
}

function firstOccurrences<T extends { ext_id: string }>(
  items: readonly T[],
  wanted: ReadonlySet<string>,
): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (!wanted.has(item.ext_id) || seen.has(item.ext_id)) return false;
    seen.add(item.ext_id);
    return true;
  });
}

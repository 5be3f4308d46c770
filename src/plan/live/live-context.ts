import type { CanonicalMenu } from '../../model/canonical-menu.js';
import { countOf } from '../../plural.js';
import { compareViews } from './compare-views.js';
import type { LiveMenu } from './live-menu.js';
import type { MenuChange } from './menu-change.js';
import { viewOfLive, viewOfMenu } from './menu-view.js';

/** What the plan knows of the live menu: the menu itself, its drift, and what a replace does to it. */
export interface LiveContext {
  menu: LiveMenu;
  /** Snapshot -> live: what changed outside menusync ([] without a snapshot: nothing to compare). */
  drift: MenuChange[];
  /** Live -> desired: what a replace adds, changes and removes on the platform. */
  changes: MenuChange[];
}

export function liveContext(
  desired: CanonicalMenu,
  baseline: CanonicalMenu | null,
  live: LiveMenu,
): LiveContext {
  const liveView = viewOfLive(live);
  return {
    menu: live,
    // Against the snapshot, the snapshot's fields are menusync's; against the desired menu, its own.
    drift: baseline ? compareViews(viewOfMenu(baseline), liveView, 'before') : [],
    changes: compareViews(liveView, viewOfMenu(desired), 'after'),
  };
}

/** `category C9 "Desserts"`, `option C1/MILK`, `category "Specials" (made by hand, uid:7f3a)`. */
export function changeLabel(change: MenuChange): string {
  const kind = change.kind.replace('_', ' ');
  const name = change.name !== undefined ? ` ${JSON.stringify(change.name)}` : '';
  if (change.handmade) {
    const where = change.parents.length > 0 ? ` in ${change.parents.join('/')}` : '';
    return `${kind}${name}${where} (made by hand, no ext_id, ${change.key})`;
  }
  return `${kind} ${[...change.parents, change.key].join('/')}${name}`;
}

/** The live categories a replace removes, with their products: `category C9 "Desserts" (5 products)`. */
export function removedCategories(changes: readonly MenuChange[]): MenuChange[] {
  return changes.filter((c) => c.kind === 'category' && c.action === 'remove');
}

export function withProducts(change: MenuChange): string {
  const products = change.products
    ? countOf(Math.max(change.products.old, change.products.new), 'product')
    : '';
  return products ? `${changeLabel(change)} (${products})` : changeLabel(change);
}

/** `2 categories removed, 1 category added by hand, product counts of 3 categories changed`. */
export function describeDrift(drift: readonly MenuChange[]): string {
  const parts: string[] = [];
  const count = (test: (c: MenuChange) => boolean) => drift.filter(test).length;
  const kinds: [MenuChange['kind'], string, string][] = [
    ['category', 'category', 'categories'],
    ['option', 'option', 'options'],
    ['option_value', 'option value', 'option values'],
  ];
  for (const [kind, one, many] of kinds) {
    const removed = count((c) => c.kind === kind && c.action === 'remove');
    const added = count((c) => c.kind === kind && c.action === 'add');
    const handmade = count((c) => c.kind === kind && c.action === 'add' && c.handmade === true);
    const changed = count((c) => c.kind === kind && c.action === 'update' && (c.changes?.length ?? 0) > 0);
    if (removed > 0) parts.push(`${countOf(removed, one, many)} removed`);
    if (added > 0) parts.push(`${countOf(added, one, many)} added${handmade === added ? ' by hand' : ''}`);
    if (changed > 0) parts.push(`${countOf(changed, one, many)} changed`);
  }
  const counted = drift.filter((c) => c.kind === 'category' && c.action === 'update' && c.products);
  if (counted.length > 0) {
    const delta = counted.reduce((sum, c) => sum + (c.products ? c.products.new - c.products.old : 0), 0);
    const net =
      delta < 0
        ? `, ${countOf(-delta, 'product')} fewer`
        : delta > 0
          ? `, ${countOf(delta, 'product')} more`
          : '';
    parts.push(`product counts of ${countOf(counted.length, 'category', 'categories')} changed${net}`);
  }
  return parts.join(', ');
}

/**
 * How many entities a replace removes from the live menu: categories, options and values it
 * drops, and the products by which a category's count falls. What the confirmation counts beside
 * the plan's own removals (a cron job must opt in to deleting, hand-made entities included).
 */
export function liveRemovalCount(changes: readonly MenuChange[]): number {
  let removed = 0;
  for (const change of changes) {
    if (change.action === 'remove') removed += 1 + (change.products?.old ?? 0);
    else if (change.products && change.products.new < change.products.old)
      removed += change.products.old - change.products.new;
  }
  return removed;
}

import type { CanonicalMenu } from '../../model/canonical-menu.js';
import { countOf } from '../../plural.js';
import { compareViews } from './compare-views.js';
import type { LiveMenu } from './live-menu.js';
import type { Plan } from '../types.js';
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
 * How many entities a replace removes from the live menu beyond the plan's own removals (those
 * are against the snapshot): live categories, options and values it drops that the snapshot did
 * not hold (hand-made ones among them), and products by which live counts fall beyond the
 * products the plan removes. The confirmation counts them: a cron job must opt in to deleting.
 */
export function liveRemovalsBeyond(plan: Pick<Plan, 'entries' | 'counts' | 'live'>): number {
  const changes = plan.live?.changes ?? [];
  if (changes.length === 0) return 0;
  const planned = new Set<string>();
  for (const entry of plan.entries) {
    if (entry.action === 'remove' && entry.kind !== 'product' && entry.parentKind !== 'product')
      planned.add(labelKey(entry.kind, entry.parents, entry.ext_id));
  }
  let entities = 0;
  let products = 0;
  for (const change of changes) {
    if (change.products && change.products.new < change.products.old)
      products += change.products.old - change.products.new;
    if (change.action === 'remove' && !planned.has(labelKey(change.kind, change.parents, change.key)))
      entities += 1;
  }
  return entities + Math.max(0, products - plan.counts.products.remove);
}

function labelKey(kind: string, parents: readonly string[], key: string): string {
  return JSON.stringify([kind, ...parents, key]);
}

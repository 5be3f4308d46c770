import { changeLabel } from '../plan/live/live-context.js';
import type { MenuChange } from '../plan/live/menu-change.js';
import type { Plan } from '../plan/types.js';
import { countOf } from '../plural.js';
import { formatChange } from './format.js';

/**
 * What a report says of the live menu, before the plan itself: that the plan is offline, what
 * changed outside menusync, and what a replace does to the live menu. Computed once here so the
 * terminal, Markdown and HTML reports say the same thing; they only format it.
 */
export interface LiveSection {
  kind: 'offline' | 'drift' | 'live-changes';
  title: string;
  items: { action: MenuChange['action']; text: string }[];
}

/** `category C1 "Coffee": products 7 -> 2, name "Coffee" -> "Coffees"`. */
export function menuChangeText(change: MenuChange, arrow = '->'): string {
  const parts: string[] = [];
  if (change.products && change.action === 'update') {
    parts.push(`products ${change.products.old} ${arrow} ${change.products.new}`);
  }
  for (const field of change.changes ?? []) parts.push(formatChange(field, arrow));
  const count =
    change.products && change.action !== 'update'
      ? ` (${countOf(Math.max(change.products.old, change.products.new), 'product')})`
      : '';
  return `${changeLabel(change)}${count}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
}

export function liveSections(
  plan: Pick<Plan, 'drift' | 'live' | 'offline' | 'mode'>,
  arrow = '->',
): LiveSection[] {
  const sections: LiveSection[] = [];
  if (plan.live === null) {
    sections.push({
      kind: 'offline',
      title: `Offline: planned against the local snapshot only (${plan.offline ?? 'the live menu was not read'}); changes made on the platform outside menusync are not seen`,
      items: [],
    });
  }
  const items = (changes: readonly MenuChange[]) =>
    changes.map((change) => ({ action: change.action, text: menuChangeText(change, arrow) }));
  if (plan.drift && plan.drift.length > 0) {
    sections.push({
      kind: 'drift',
      title: `Changed outside menusync (${plan.drift.length}), the snapshot against the live menu`,
      items: items(plan.drift),
    });
  }
  if (plan.live && plan.live.changes.length > 0) {
    const held = `${countOf(plan.live.products, 'product')} in ${countOf(plan.live.categories, 'category', 'categories')}`;
    sections.push({
      kind: 'live-changes',
      title: `Against the live menu (${held}), this ${plan.mode} makes ${countOf(plan.live.changes.length, 'change')}`,
      items: items(plan.live.changes),
    });
  }
  return sections;
}

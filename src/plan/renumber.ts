import { movedIds } from './order.js';
import type { FieldChange, PlanEntry } from './types.js';

interface Placed {
  ext_id: string;
  position?: number;
  category_ext_id?: string;
}

/**
 * Marks the explicit `position` changes of one scope's entries that did not change the entity's
 * place relative to the others (`renumbered`): a product removed or inserted above renumbers every
 * product below it, which the platform must be sent but no customer notices. The entities whose
 * relative order changed are the ones outside a longest increasing subsequence (movedIds), ordered
 * by position within their category (products) or scope. A product that changed category is
 * renumbered here: its category change says it moved. Does nothing (no sort) when no entry of the
 * scope has a position change, the common case.
 */
export function markRenumbered(
  entries: readonly PlanEntry[],
  desiredItems: readonly Placed[],
  baselineItems: readonly Placed[],
): void {
  const changed = new Map<string, FieldChange>();
  for (const entry of entries) {
    const change = entry.changes?.find((c) => c.field === 'position' && !c.implicit);
    if (change) changed.set(entry.ext_id, change);
  }
  if (changed.size === 0) return;
  const baseline = new Map<string, { item: Placed; index: number }>();
  baselineItems.forEach((item, index) => {
    if (!baseline.has(item.ext_id)) baseline.set(item.ext_id, { item, index });
  });
  // Groups of entities on both sides in one category (or scope), with their desired and baseline ranks.
  const groups = new Map<string, Member[]>();
  const seen = new Set<string>();
  desiredItems.forEach((item, index) => {
    const before = baseline.get(item.ext_id);
    if (!before || seen.has(item.ext_id)) return;
    seen.add(item.ext_id);
    if (before.item.category_ext_id !== item.category_ext_id) return;
    const group = item.category_ext_id ?? '';
    let members = groups.get(group);
    if (!members) groups.set(group, (members = []));
    members.push({
      id: item.ext_id,
      desired: [item.position ?? index, index],
      baseline: [before.item.position ?? before.index, before.index],
    });
  });
  const moved = new Set<string>();
  for (const members of groups.values()) {
    if (!members.some((m) => changed.has(m.id))) continue;
    const desiredOrder = [...members].sort((a, b) => byRank(a.desired, b.desired)).map((m) => m.id);
    const baselineOrder = [...members].sort((a, b) => byRank(a.baseline, b.baseline)).map((m) => m.id);
    for (const id of movedIds(baselineOrder, desiredOrder)) moved.add(id);
  }
  for (const [id, change] of changed) if (!moved.has(id)) change.renumbered = true;
}

/** An entity's place: its position (its index in the array without one), then its index. */
type Rank = [number, number];

interface Member {
  id: string;
  desired: Rank;
  baseline: Rank;
}

const byRank = (a: Rank, b: Rank): number => a[0] - b[0] || a[1] - b[1];

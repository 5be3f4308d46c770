import type {
  ActionCounts,
  EntityKind,
  FieldChange,
  Plan,
  PlanAction,
  PlanCounts,
  PlanEntry,
} from './types.js';

const zero = (): ActionCounts => ({ add: 0, update: 0, remove: 0, keep: 0 });

const COUNT_KEY: Readonly<Record<EntityKind, keyof PlanCounts>> = {
  category: 'categories',
  product: 'products',
  option: 'options',
  option_value: 'option_values',
};

export function countEntries(entries: readonly PlanEntry[]): PlanCounts {
  const counts: PlanCounts = { categories: zero(), products: zero(), options: zero(), option_values: zero() };
  for (const entry of entries) {
    const c = counts[COUNT_KEY[entry.kind]];
    if (entry.action !== 'update') {
      c[entry.action] += 1;
      continue;
    }
    const changes = entry.changes ?? [];
    if (changes.some((change) => change.field !== 'position')) c.update += 1;
    else c.reorder = (c.reorder ?? 0) + 1;
    if (changes.some(isMove)) c.moved = (c.moved ?? 0) + 1;
  }
  return counts;
}

/** A position change that changed the entity's place among the others (not a renumbering). */
export const isMove = (change: FieldChange): boolean => change.field === 'position' && !change.renumbered;

/** Whether the entry changes anything a customer sees besides its place (see ActionCounts). */
export const isVisibleUpdate = (entry: PlanEntry): boolean =>
  entry.action === 'update' && (entry.changes ?? []).some((change) => change.field !== 'position');

/** Entities whose only change is their position number, summed over kinds (sent, not listed). */
export function reorderTotal(counts: PlanCounts): number {
  return COUNT_KINDS.reduce((sum, kind) => sum + (counts[kind].reorder ?? 0), 0);
}

const NOUNS: Readonly<Record<keyof PlanCounts, [string, string]>> = {
  categories: ['category', 'categories'],
  products: ['product', 'products'],
  options: ['option', 'options'],
  option_values: ['option value', 'option values'],
};

export const COUNT_KINDS = ['categories', 'products', 'options', 'option_values'] as const;

/** "3 products" / "1 category". */
export function countNoun(kind: keyof PlanCounts, n: number): string {
  return `${n} ${NOUNS[kind][n === 1 ? 0 : 1]}`;
}

/** "1 product and 2 option values" for the kinds whose `action` count is not zero ('' if none). */
export function describeCounts(counts: PlanCounts, action: PlanAction): string {
  const parts = COUNT_KINDS.filter((k) => counts[k][action] > 0).map((k) => countNoun(k, counts[k][action]));
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

const SYMBOLS: ReadonlyArray<[Exclude<PlanAction, 'keep'>, string]> = [
  ['update', '~'],
  ['remove', '-'],
  ['add', '+'],
];

/**
 * The one-line summary, e.g. `~ 3 products  - 1 category  + 12 products  order: 2 products moved`,
 * or `no changes`. Changes (prices, names…) before removals and additions, as a customer notices them; positions
 * renumbered without a move are named last, only when nothing else changed.
 */
export function summarizeCounts(plan: Pick<Plan, 'counts'>): string {
  const parts: string[] = [];
  for (const [action, symbol] of SYMBOLS) {
    for (const kind of COUNT_KINDS) {
      const n = plan.counts[kind][action];
      if (n > 0) parts.push(`${symbol} ${countNoun(kind, n)}`);
    }
  }
  const moved = orderWords(plan.counts);
  if (moved) parts.push(moved);
  if (parts.length === 0 && reorderTotal(plan.counts) > 0) {
    const kinds = COUNT_KINDS.filter((k) => (plan.counts[k].reorder ?? 0) > 0);
    return `positions renumbered (${kinds.map((k) => countNoun(k, plan.counts[k].reorder ?? 0)).join(', ')})`;
  }
  return parts.length > 0 ? parts.join('  ') : 'no changes';
}

/** `order: 3 products moved` (every kind with moves), or '' when nothing changed its relative place. */
export function orderWords(counts: PlanCounts): string {
  const kinds = COUNT_KINDS.filter((k) => (counts[k].moved ?? 0) > 0);
  if (kinds.length === 0) return '';
  return `order: ${kinds.map((k) => countNoun(k, counts[k].moved ?? 0)).join(', ')} moved`;
}

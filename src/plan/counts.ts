import type { ActionCounts, EntityKind, Plan, PlanAction, PlanCounts, PlanEntry } from './types.js';

const zero = (): ActionCounts => ({ add: 0, update: 0, remove: 0, keep: 0 });

const COUNT_KEY: Readonly<Record<EntityKind, keyof PlanCounts>> = {
  category: 'categories',
  product: 'products',
  option: 'options',
  option_value: 'option_values',
};

export function countEntries(entries: readonly PlanEntry[]): PlanCounts {
  const counts: PlanCounts = { categories: zero(), products: zero(), options: zero(), option_values: zero() };
  for (const entry of entries) counts[COUNT_KEY[entry.kind]][entry.action] += 1;
  return counts;
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
  ['add', '+'],
  ['update', '~'],
  ['remove', '-'],
];

/** The one-line summary, e.g. `+ 12 products  ~ 3 products  - 1 category`, or `no changes`. */
export function summarizeCounts(plan: Pick<Plan, 'counts'>): string {
  const parts: string[] = [];
  for (const [action, symbol] of SYMBOLS) {
    for (const kind of COUNT_KINDS) {
      const n = plan.counts[kind][action];
      if (n > 0) parts.push(`${symbol} ${countNoun(kind, n)}`);
    }
  }
  return parts.length > 0 ? parts.join('  ') : 'no changes';
}

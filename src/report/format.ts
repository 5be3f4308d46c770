import type { FieldChange, PlanAction, PlanEntry } from '../plan/types.js';
import { quoteVisibly } from '../model/invisible-characters.js';

/** Shared wording of the renderers, so terminal, Markdown and HTML say the same thing. */

export const KIND_LABEL: Readonly<Record<PlanEntry['kind'], string>> = {
  category: 'category',
  product: 'product',
  option: 'option',
  option_value: 'option value',
};

export const ACTION_SYMBOL: Readonly<Record<PlanAction, string>> = {
  add: '+',
  update: '~',
  remove: '-',
  keep: ' ',
};

/** A field value as a reader expects it: strings quoted, absent as "(none)". */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const PRICE_FIELDS = new Set(['price', 'price_operand']);

/** A field's value: prices (always whole cents, roundMoney) with two decimals, `4.50`; else formatValue. */
export function formatFieldValue(field: string, value: unknown): string {
  if (PRICE_FIELDS.has(field) && typeof value === 'number' && Number.isFinite(value)) return value.toFixed(2);
  return formatValue(value);
}

/** `price 4.50 -> 4.80`; a move without a position field reads `moved (place 2 -> 1)`. */
export function formatChange(change: FieldChange, arrow = '->'): string {
  if (change.implicit) {
    return `moved (place ${Number(change.old) + 1} ${arrow} ${Number(change.new) + 1})`;
  }
  // An object field shows json-diff's per-key lines (computed by the plan) rather than two blobs.
  if (change.detail && change.detail.length > 0) return `${change.field} (${change.detail.join('; ')})`;
  return `${change.field} ${formatFieldValue(change.field, change.old)} ${arrow} ${formatFieldValue(change.field, change.new)}`;
}

/** Where an option or value hangs: `product P2 / option SIZE` ('' for categories and products). */
export function formatScope(entry: PlanEntry): string {
  const [parent, option] = entry.parents;
  if (parent === undefined) return '';
  const head = `${entry.parentKind ?? 'product'} ${parent}`;
  return option === undefined ? head : `${head} / option ${option}`;
}

/** `product P2 "Mocha"` (name quoted when there is one, its invisible characters escaped). */
export function formatEntity(entry: PlanEntry): string {
  const name = entry.name !== undefined ? ` ${quoteVisibly(entry.name)}` : '';
  return `${KIND_LABEL[entry.kind]} ${entry.ext_id}${name}`;
}

/** Price fields whose rise or fall a manager wants to see at a glance. */

export function priceDirection(change: FieldChange): 'up' | 'down' | null {
  if (!PRICE_FIELDS.has(change.field)) return null;
  if (typeof change.old !== 'number' || typeof change.new !== 'number') return null;
  if (change.new > change.old) return 'up';
  return change.new < change.old ? 'down' : null;
}

export function yesNo(value: boolean | null): string {
  return value === null ? 'n/a' : value ? 'yes' : 'no';
}

type ChangeAction = Exclude<PlanAction, 'keep'>;

/** Per entries array: the renderers of one report ask for each action's entries several times. */
const byActionMemo = new WeakMap<readonly PlanEntry[], Record<ChangeAction, PlanEntry[]>>();

/** Entries that change something, in plan order (one pass over the plan, shared by the renderers). */
export function changedEntries(entries: readonly PlanEntry[], action: ChangeAction): readonly PlanEntry[] {
  let byAction = byActionMemo.get(entries);
  if (byAction === undefined) {
    byAction = { add: [], update: [], remove: [] };
    for (const entry of entries) if (entry.action !== 'keep') byAction[entry.action].push(entry);
    byActionMemo.set(entries, byAction);
  }
  return byAction[action];
}

/**
 * A renderer's per-plan memo: `build(entries, max)` once per plan entries and cap, kept as long as
 * the entries are (apply renders a plan's sections during the import's wait, the report reuses them).
 */
export function memoByEntries<T>(
  build: (entries: readonly PlanEntry[], max: number) => T,
): (entries: readonly PlanEntry[], max: number) => T {
  const memo = new WeakMap<readonly PlanEntry[], Map<number, T>>();
  return (entries, max) => {
    let byMax = memo.get(entries);
    if (!byMax) memo.set(entries, (byMax = new Map<number, T>()));
    if (!byMax.has(max)) byMax.set(max, build(entries, max));
    return byMax.get(max) as T;
  };
}

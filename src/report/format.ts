import { isMove, isVisibleUpdate, orderWords } from '../plan/counts.js';
import type { FieldChange, PlanAction, PlanCounts, PlanEntry, PlanNote } from '../plan/types.js';
import { quoteVisibly } from '../model/invisible-characters.js';
import { formatLocation } from '../model/data-issue.js';
import type { RunReport } from './types.js';

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

/**
 * What the manager's reports add to an entry beyond the plan's entries: the category of each
 * changed product (Plan.productCategories) and the menu's currency (Plan.source).
 */
export interface EntryWords {
  categories?: Readonly<Record<string, string>>;
  currency?: string;
}

/** The words a plan gives its entries; {} for a plan without them (an older one, a library caller's). */
export function entryWords(plan: {
  productCategories?: Record<string, string>;
  source?: { currency?: string };
}): EntryWords {
  return {
    ...(plan.productCategories ? { categories: plan.productCategories } : {}),
    ...(plan.source?.currency ? { currency: plan.source.currency } : {}),
  };
}

/** An amount with two decimals and the menu's currency when known: `4.50 EUR`. */
const money = (amount: number, currency?: string): string =>
  currency ? `${amount.toFixed(2)} ${currency}` : amount.toFixed(2);

/** A field's value: prices (always whole cents, roundMoney) with two decimals, `4.50`; else formatValue. */
export function formatFieldValue(field: string, value: unknown, currency?: string): string {
  if (PRICE_FIELDS.has(field) && typeof value === 'number' && Number.isFinite(value))
    return money(value, currency);
  return formatValue(value);
}

/** `price 4.50 -> 4.80`; a move without a position field reads `moved (place 2 -> 1)`. */
export function formatChange(change: FieldChange, arrow = '->', currency?: string): string {
  if (change.implicit) {
    return `moved (place ${Number(change.old) + 1} ${arrow} ${Number(change.new) + 1})`;
  }
  // An object field shows json-diff's per-key lines (computed by the plan) rather than two blobs.
  if (change.detail && change.detail.length > 0) return `${change.field} (${change.detail.join('; ')})`;
  return `${change.field} ${formatFieldValue(change.field, change.old, currency)} ${arrow} ${formatFieldValue(change.field, change.new, currency)}${customerText(change, arrow, currency)}`;
}

/** ` (customer pays 4.20, unchanged)` / ` (customer pays 3.50 -> 4.20)` after a surcharge change. */
export function customerText(change: FieldChange, arrow: string, currency?: string): string {
  if (!change.customer) return '';
  const { old, new: next } = change.customer;
  return old === next
    ? ` (customer pays ${money(old, currency)}, unchanged)`
    : ` (customer pays ${money(old, currency)} ${arrow} ${money(next, currency)})`;
}

/**
 * The changes a report lists for an entity: not its position. A renumbered position (an entity
 * above it came or went) is no change to a customer, and a real move is said once for the whole
 * plan by the order line (orderLine), not on every entity that moved.
 */
export function shownChanges(entry: PlanEntry): FieldChange[] {
  return (entry.changes ?? []).filter((change) => change.field !== 'position');
}

/**
 * How soon a reader must see an entry: price changes first, then names, availability, options,
 * then the rest, as a customer would notice them. Lower is sooner.
 */
export function noticeRank(entry: PlanEntry): number {
  const fields = shownChanges(entry).map((change) => change.field);
  if (fields.some((field) => PRICE_FIELDS.has(field))) return 0;
  if (entry.kind === 'option' || entry.kind === 'option_value') return 3;
  if (fields.includes('name')) return 1;
  return fields.includes('hidden') ? 2 : 4;
}

const MOVED_EXAMPLES = 5;

/** `order: 3 products moved (P7, P2, P9)` for a plan whose entities changed their relative order, or ''. */
export function orderLine(entries: readonly PlanEntry[], counts: PlanCounts): string {
  const words = orderWords(counts);
  if (!words) return '';
  const moved = entries.filter((entry) => entry.action === 'update' && entry.changes?.some(isMove));
  const shown = moved.slice(0, MOVED_EXAMPLES).map((entry) => entry.ext_id);
  if (shown.length === 0) return words;
  return `${words} (${shown.join(', ')}${moved.length > shown.length ? ', …' : ''})`;
}

/**
 * Where an option or value hangs: `product P2 / option SIZE`; a product's category when the plan
 * names it: `category Coffee` ('' for categories, and for products otherwise).
 */
export function formatScope(entry: PlanEntry, words: EntryWords = {}): string {
  const [parent, option] = entry.parents;
  if (parent === undefined) {
    const category = entry.kind === 'product' ? words.categories?.[entry.ext_id] : undefined;
    return category === undefined ? '' : `category ${quoteVisibly(category)}`;
  }
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
  // What the customer pays decides the arrow: a surcharge that rose while the base fell may leave it.
  const { old, new: next } = change.customer ?? change;
  if (typeof old !== 'number' || typeof next !== 'number') return null;
  if (next > old) return 'up';
  return next < old ? 'down' : null;
}

export function yesNo(value: boolean | null): string {
  return value === null ? 'n/a' : value ? 'yes' : 'no';
}

type ChangeAction = Exclude<PlanAction, 'keep'>;

/** Per entries array: the renderers of one report ask for each action's entries several times. */
const byActionMemo = new WeakMap<readonly PlanEntry[], Record<ChangeAction, PlanEntry[]>>();

/**
 * Entries that change something, in plan order (one pass over the plan, shared by the renderers).
 * Updates are those a customer sees (not only a position), prices first (noticeRank).
 */
export function changedEntries(entries: readonly PlanEntry[], action: ChangeAction): readonly PlanEntry[] {
  let byAction = byActionMemo.get(entries);
  if (byAction === undefined) {
    byAction = { add: [], update: [], remove: [] };
    for (const entry of entries) {
      if (entry.action === 'update' && !isVisibleUpdate(entry)) continue;
      if (entry.action !== 'keep') byAction[entry.action].push(entry);
    }
    byAction.update = sortByNotice(byAction.update);
    byActionMemo.set(entries, byAction);
  }
  return byAction[action];
}

/** Stable: plan order within a rank. */
export function sortByNotice<T>(
  items: readonly T[],
  entryOf: (item: T) => PlanEntry | undefined = (item) => item as PlanEntry,
): T[] {
  const ranked = items.map((item, index) => {
    const entry = entryOf(item);
    return { item, index, rank: entry ? noticeRank(entry) : 5 };
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.map((r) => r.item);
}

/**
 * A renderer's per-plan memo: `build(entries, max)` once per plan entries and cap, kept as long as
 * the entries are (apply renders a plan's sections during the import's wait, the report reuses them).
 */
export function memoByEntries<T>(
  build: (entries: readonly PlanEntry[], max: number, words: EntryWords) => T,
): (entries: readonly PlanEntry[], max: number, words: EntryWords) => T {
  // The words come from the same plan as the entries (one plan, one entry array): not part of the key.
  const memo = new WeakMap<readonly PlanEntry[], Map<number, T>>();
  return (entries, max, words) => {
    let byMax = memo.get(entries);
    if (!byMax) memo.set(entries, (byMax = new Map<number, T>()));
    if (!byMax.has(max)) byMax.set(max, build(entries, max, words));
    return byMax.get(max) as T;
  };
}

/** The heading of the extraction's notes (sale prices, a fallback category) in every report. */
export const NOTES_TITLE = 'Decided from the export';

/** A note as a report lists it: `menu.csv, row 7: Beanie is at its sale price …`. */
export function noteText(note: PlanNote): string {
  const where = note.location ? formatLocation(note.location) : '';
  return where ? `${where}: ${note.message}` : note.message;
}

/**
 * The heading of each entry list: what happened once the import is confirmed, what would happen
 * otherwise (a plan, or a run that was blocked or failed before anything was applied). A red
 * "Removed (89)" on a run that removed nothing sends a manager looking for 89 lost products.
 */
export function entryTitle(action: ChangeAction, applied: boolean): string {
  return (applied ? APPLIED_TITLE : PLANNED_TITLE)[action];
}

const APPLIED_TITLE: Readonly<Record<ChangeAction, string>> = {
  update: 'Changed',
  remove: 'Removed',
  add: 'Added',
};
const PLANNED_TITLE: Readonly<Record<ChangeAction, string>> = {
  update: 'Would change',
  remove: 'Would remove',
  add: 'Would add',
};

/** What each guard that blocked the run names as its cause (the first bad row of an extraction), one line each. */
export function blockCauses(report: Pick<RunReport, 'blockedBy'>): string[] {
  return report.blockedBy.flatMap((block) => (block.first ? [`First error: ${block.first}`] : []));
}

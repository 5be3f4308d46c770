import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { ImportOption } from '../model/import-payload.js';
import { changedFields } from './fields.js';
import { movedIds } from './order.js';
import { markCustomerPrices } from './customer-price.js';
import { markRenumbered } from './renumber.js';
import type { EntityKind, FieldChange, PlanEntry } from './types.js';

interface Keyed {
  ext_id: string;
  name?: string;
  position?: number;
  category_ext_id?: string;
}

type ParentKind = 'category' | 'product';

interface Scope {
  parents: string[];
  parentKind?: ParentKind;
}

/** One ext_id of a scope with its two versions (either may be missing). */
interface Pair<T> {
  ext_id: string;
  desired: T | undefined;
  baseline: T | undefined;
}

interface Indexed<T> {
  byId: Map<string, T>;
  index: Map<string, number>;
}

/** First occurrence wins: a duplicate ext_id is a validation error reported before planning. */
function indexById<T extends Keyed>(items: readonly T[]): Indexed<T> {
  const byId = new Map<string, T>();
  const index = new Map<string, number>();
  items.forEach((item, i) => {
    if (!byId.has(item.ext_id)) {
      byId.set(item.ext_id, item);
      index.set(item.ext_id, i);
    }
  });
  return { byId, index };
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Diffs the entities of one scope (keyed by ext_id with Maps: linear), appends their entries to
 * `out` sorted by ext_id, and returns the pairs in the same order so the caller can descend.
 */
function diffScope<T extends Keyed>(
  kind: EntityKind,
  desiredItems: readonly T[] = [],
  baselineItems: readonly T[] = [],
  scope: Scope,
  out: PlanEntry[],
): Pair<T>[] {
  const first = out.length;
  const aligned = alignedPairs(desiredItems, baselineItems);
  if (aligned) {
    for (const pair of aligned) out.push(entryOf(kind, pair, scope, undefined));
    markRenumbered(out.slice(first), desiredItems, baselineItems);
    return aligned;
  }
  const desired = indexById(desiredItems);
  const baseline = indexById(baselineItems);
  const moved = implicitMoves(desiredItems, desired, baseline);

  const ids = [...desired.byId.keys()];
  for (const id of baseline.byId.keys()) if (!desired.byId.has(id)) ids.push(id);
  ids.sort(byCodeUnits);

  const pairs = ids.map((ext_id) => {
    const d = desired.byId.get(ext_id);
    const b = baseline.byId.get(ext_id);
    let changes: FieldChange[] | undefined;
    if (d && b) {
      const found = changedFields(kind, b, d);
      if (moved.has(ext_id)) {
        const from = baseline.index.get(ext_id) ?? 0;
        const move = {
          field: 'position',
          old: from,
          new: desired.index.get(ext_id) ?? 0,
          implicit: true as const,
        };
        changes = [...found, move];
      } else {
        changes = found as FieldChange[]; // kept by the entry only when not empty (a fresh array)
      }
    }
    const pair = { ext_id, desired: d, baseline: b };
    out.push(entryOf(kind, pair, scope, changes));
    return pair;
  });
  markRenumbered(out.slice(first), desiredItems, baselineItems);
  return pairs;
}

/** The entry of one pair; `changes` is computed here when the caller has not (no implicit move). */
function entryOf<T extends Keyed>(
  kind: EntityKind,
  pair: Pair<T>,
  scope: Scope,
  known: FieldChange[] | undefined,
): PlanEntry {
  const { ext_id, desired: d, baseline: b } = pair;
  let action: PlanEntry['action'] = d ? 'add' : 'remove';
  let changes = known;
  if (d && b) {
    changes ??= changedFields(kind, b, d) as FieldChange[]; // only kept when not empty (an update)
    action = changes.length > 0 ? 'update' : 'keep';
  }
  const entry = newEntry(kind, action, ext_id, scope, d?.name ?? b?.name);
  if (action === 'update') entry.changes = changes;
  return entry;
}

/**
 * One literal per combination of the optional members, so each entry gets all its members in
 * the object itself: adding them one by one gives most of a million entries a second allocation
 * (an out-of-object property store), ~40% more memory. Same members and order as before.
 */
function newEntry(
  kind: EntityKind,
  action: PlanEntry['action'],
  ext_id: string,
  { parents, parentKind }: Scope,
  name: string | undefined,
): PlanEntry {
  if (parentKind) {
    return name === undefined
      ? { kind, action, ext_id, parents, parentKind }
      : { kind, action, ext_id, parents, parentKind, name };
  }
  return name === undefined ? { kind, action, ext_id, parents } : { kind, action, ext_id, parents, name };
}

/** Scopes up to this size check their ext_ids for duplicates pairwise rather than with a Set. */
const SMALL_SCOPE = 16;

/**
 * The fast path for the common case (most scopes did not gain, lose or reorder entities: option
 * scopes of a handful of values, and the product list of an export whose prices changed): both
 * sides list the same distinct ext_ids in the same order, so entity i of one side is entity i of
 * the other and nothing moved. Returns the pairs sorted by ext_id, or null when the scope needs
 * the general (Map-based) diff.
 */
function alignedPairs<T extends Keyed>(desired: readonly T[], baseline: readonly T[]): Pair<T>[] | null {
  const n = desired.length;
  if (n !== baseline.length) return null;
  for (let i = 0; i < n; i++) if ((baseline[i] as T).ext_id !== (desired[i] as T).ext_id) return null;
  if (hasDuplicateIds(desired)) return null;
  const pairs: Pair<T>[] = [];
  for (let i = 0; i < n; i++) {
    pairs.push({ ext_id: (desired[i] as T).ext_id, desired: desired[i], baseline: baseline[i] });
  }
  if (n > SMALL_SCOPE) return pairs.sort((a, b) => byCodeUnits(a.ext_id, b.ext_id));
  // Insertion sort: n is small and the ext_ids are often sorted already.
  for (let i = 1; i < n; i++) {
    const pair = pairs[i] as Pair<T>;
    let j = i - 1;
    while (j >= 0 && (pairs[j] as Pair<T>).ext_id > pair.ext_id) {
      pairs[j + 1] = pairs[j] as Pair<T>;
      j--;
    }
    pairs[j + 1] = pair;
  }
  return pairs;
}

/**
 * Entities present on both sides with no `position` field on either are ordered by their place in
 * the array; those that moved relative to the others get an implicit position change.
 */
function implicitMoves<T extends Keyed>(
  desiredItems: readonly T[],
  desired: Indexed<T>,
  baseline: Indexed<T>,
): Set<string> {
  const implicit = (id: string): boolean => {
    const d = desired.byId.get(id);
    const b = baseline.byId.get(id);
    return d !== undefined && b !== undefined && d.position === undefined && b.position === undefined;
  };
  const desiredOrder = desiredItems.length > 0 ? [...desired.byId.keys()].filter(implicit) : [];
  if (desiredOrder.length < 2) return new Set();
  const baselineOrder = [...baseline.byId.keys()].filter(implicit);
  return movedIds(baselineOrder, desiredOrder);
}

function hasDuplicateIds(items: readonly Keyed[]): boolean {
  const n = items.length;
  if (n > SMALL_SCOPE) return new Set(items.map((item) => item.ext_id)).size !== n;
  for (let i = 1; i < n; i++) {
    const id = (items[i] as Keyed).ext_id;
    for (let j = 0; j < i; j++) if ((items[j] as Keyed).ext_id === id) return true;
  }
  return false;
}

interface OptionOutputs {
  options: PlanEntry[];
  values: PlanEntry[];
}

function diffOptions(
  parentKind: ParentKind,
  parentId: string,
  desired: readonly ImportOption[] | undefined,
  baseline: readonly ImportOption[] | undefined,
  out: OptionOutputs,
): void {
  // readSnapshot hands back the desired object for an unchanged snapshot line (and extract shares
  // option objects): the same options on both sides are all kept, listed without comparing.
  if (desired !== undefined && desired === baseline && keepOptions(parentKind, parentId, desired, out))
    return;
  const pairs = diffScope('option', desired, baseline, { parents: [parentId], parentKind }, out.options);
  for (const pair of pairs) {
    const scope = { parents: [parentId, pair.ext_id], parentKind };
    diffScope('option_value', pair.desired?.option_values, pair.baseline?.option_values, scope, out.values);
  }
}

/**
 * The keep entries of options (and their values) that are the same array on both sides, in the
 * order diffScope gives them (by ext_id), without a pair or a field comparison per entity: at 100k
 * products that is over a million entries. False, and nothing listed, when a scope holds a
 * duplicate ext_id (the general diff lists it once).
 */
function keepOptions(
  parentKind: ParentKind,
  parentId: string,
  options: readonly ImportOption[],
  out: OptionOutputs,
): boolean {
  if (hasDuplicateIds(options)) return false;
  for (const option of options)
    if (option.option_values && hasDuplicateIds(option.option_values)) return false;
  const scope: Scope = { parents: [parentId], parentKind };
  for (const option of byExtId(options)) {
    out.options.push(newEntry('option', 'keep', option.ext_id, scope, option.name));
    if (!option.option_values) continue;
    const valueScope: Scope = { parents: [parentId, option.ext_id], parentKind };
    for (const value of byExtId(option.option_values))
      out.values.push(newEntry('option_value', 'keep', value.ext_id, valueScope, value.name));
  }
  return true;
}

/** Sorted by ext_id (code units); the input as it is when already sorted, as small scopes often are. */
function byExtId<T extends Keyed>(items: readonly T[]): readonly T[] {
  for (let i = 1; i < items.length; i++) {
    if ((items[i - 1] as T).ext_id > (items[i] as T).ext_id)
      return [...items].sort((a, b) => byCodeUnits(a.ext_id, b.ext_id));
  }
  return items;
}

/**
 * Every entity of the union of both menus, in the order the Plan contract promises: kind
 * (categories, products, options, option values), then scope (category options before product
 * options, then parent ext_ids), then ext_id. Producing them in that order avoids sorting a
 * million-entry list: each scope is sorted on its own and parents are visited in sorted order.
 */
export function diffMenu(desired: CanonicalMenu, baseline: CanonicalMenu | null): PlanEntry[] {
  const categories: PlanEntry[] = [];
  const products: PlanEntry[] = [];
  const fromCategories: OptionOutputs = { options: [], values: [] };
  const fromProducts: OptionOutputs = { options: [], values: [] };

  const root: Scope = { parents: [] };
  for (const pair of diffScope('category', desired.categories, baseline?.categories, root, categories)) {
    diffOptions('category', pair.ext_id, pair.desired?.options, pair.baseline?.options, fromCategories);
  }
  for (const pair of diffScope('product', desired.products, baseline?.products, root, products)) {
    diffOptions('product', pair.ext_id, pair.desired?.options, pair.baseline?.options, fromProducts);
  }
  markCustomerPrices(fromProducts.values, desired, baseline);
  return [
    ...categories,
    ...products,
    ...fromCategories.options,
    ...fromProducts.options,
    ...fromCategories.values,
    ...fromProducts.values,
  ];
}

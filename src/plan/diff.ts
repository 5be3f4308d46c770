import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { ImportOption } from '../model/import-payload.js';
import { changedFields } from './fields.js';
import { movedIds } from './order.js';
import type { EntityKind, FieldChange, PlanEntry } from './types.js';

interface Keyed {
  ext_id: string;
  name?: string;
  position?: number;
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

/** A pair of one scope with its entry (a keep entry too: the caller decides whether it is listed). */
type Diffed<T> = Pair<T> & { entry: PlanEntry };

/**
 * Diffs the entities of one scope (keyed by ext_id with Maps: linear) and returns each pair with
 * its entry, sorted by ext_id, so the caller can descend and then emit the entries in order.
 */
function diffScope<T extends Keyed>(
  kind: EntityKind,
  desiredItems: readonly T[] = [],
  baselineItems: readonly T[] = [],
  scope: Scope,
): Diffed<T>[] {
  const aligned = alignedPairs(desiredItems, baselineItems);
  if (aligned) return aligned.map((pair) => withEntry(pair, entryOf(kind, pair, scope, undefined)));
  const desired = indexById(desiredItems);
  const baseline = indexById(baselineItems);
  const moved = implicitMoves(desiredItems, desired, baseline);

  const ids = [...desired.byId.keys()];
  for (const id of baseline.byId.keys()) if (!desired.byId.has(id)) ids.push(id);
  ids.sort(byCodeUnits);

  return ids.map((ext_id) => {
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
    return withEntry(pair, entryOf(kind, pair, scope, changes));
  });
}

function withEntry<T>(pair: Pair<T>, entry: PlanEntry): Diffed<T> {
  return { ext_id: pair.ext_id, desired: pair.desired, baseline: pair.baseline, entry };
}

/** Where a scope's entries go: changes into the list, unchanged entities counted. */
interface Output {
  entries: PlanEntry[];
  keep: KeepCounts;
}

export type KeepCounts = Record<EntityKind, number>;

/**
 * Lists a change; counts an unchanged entity, and lists it too when it is the parent of a listed
 * change (`context`), so reports can name the product or option a changed value belongs to.
 * Returns whether anything was listed.
 */
function emit(out: Output, entry: PlanEntry, context: boolean): boolean {
  if (entry.action === 'keep') {
    out.keep[entry.kind]++;
    if (!context) return false;
  }
  out.entries.push(entry);
  return true;
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
  options: Output;
  values: Output;
}

/** The entity when both sides are the very same object (readSnapshot's reuse): nothing under it changed. */
function sameObject<T>(pair: Pair<T>): T | undefined {
  return pair.desired !== undefined && pair.desired === pair.baseline ? pair.desired : undefined;
}

/** Diffs and emits the options of one category or product and their values; true if any was listed. */
function diffOptions(
  parentKind: ParentKind,
  parentId: string,
  desired: readonly ImportOption[] | undefined,
  baseline: readonly ImportOption[] | undefined,
  out: OptionOutputs,
): boolean {
  let listed = false;
  for (const option of diffScope('option', desired, baseline, { parents: [parentId], parentKind })) {
    let values = false;
    const same = sameObject(option);
    if (!same || !keepValues(same, out)) {
      const scope = { parents: [parentId, option.ext_id], parentKind };
      const pairs = diffScope(
        'option_value',
        option.desired?.option_values,
        option.baseline?.option_values,
        scope,
      );
      for (const value of pairs) values = emit(out.values, value.entry, false) || values;
    }
    listed = emit(out.options, option.entry, values) || listed;
  }
  return listed;
}

/**
 * The options (and values) under a category or product that is the same object on both sides
 * (readSnapshot reuses the desired object for an unchanged snapshot line): all kept, so they are
 * counted without being compared. False when a scope holds a duplicate ext_id, which the general
 * diff counts once.
 */
function keepOptions(options: readonly ImportOption[] | undefined, out: OptionOutputs): boolean {
  if (!options) return true;
  if (hasDuplicateIds(options)) return false;
  for (const option of options)
    if (option.option_values && hasDuplicateIds(option.option_values)) return false;
  out.options.keep.option += options.length;
  for (const option of options) out.values.keep.option_value += option.option_values?.length ?? 0;
  return true;
}

function keepValues(option: ImportOption, out: OptionOutputs): boolean {
  const values = option.option_values;
  if (!values) return true;
  if (hasDuplicateIds(values)) return false;
  out.values.keep.option_value += values.length;
  return true;
}

/** What diffMenu found: the changed entities, and how many of each kind are kept unchanged. */
export interface MenuDiff {
  /** add, update and remove entries, and the unchanged parents of listed ones, in the Plan contract's order. */
  entries: PlanEntry[];
  keep: KeepCounts;
}

/**
 * Every entity of the union of both menus, in the order the Plan contract promises: kind
 * (categories, products, options, option values), then scope (category options before product
 * options, then parent ext_ids), then ext_id. Producing them in that order avoids sorting a
 * million-entry list: each scope is sorted on its own and parents are visited in sorted order.
 */
export function diffMenu(desired: CanonicalMenu, baseline: CanonicalMenu | null): MenuDiff {
  const keep: KeepCounts = { category: 0, product: 0, option: 0, option_value: 0 };
  const output = (): Output => ({ entries: [], keep });
  const categories = output();
  const products = output();
  const fromCategories: OptionOutputs = { options: output(), values: output() };
  const fromProducts: OptionOutputs = { options: output(), values: output() };

  const root: Scope = { parents: [] };
  for (const category of diffScope('category', desired.categories, baseline?.categories, root)) {
    const same = sameObject(category);
    const listed =
      !(same && keepOptions(same.options, fromCategories)) &&
      diffOptions(
        'category',
        category.ext_id,
        category.desired?.options,
        category.baseline?.options,
        fromCategories,
      );
    emit(categories, category.entry, listed);
  }
  for (const product of diffScope('product', desired.products, baseline?.products, root)) {
    const same = sameObject(product);
    const listed =
      !(same && keepOptions(same.options, fromProducts)) &&
      diffOptions(
        'product',
        product.ext_id,
        product.desired?.options,
        product.baseline?.options,
        fromProducts,
      );
    emit(products, product.entry, listed);
  }
  return {
    entries: [
      ...categories.entries,
      ...products.entries,
      ...fromCategories.options.entries,
      ...fromProducts.options.entries,
      ...fromCategories.values.entries,
      ...fromProducts.values.entries,
    ],
    keep,
  };
}

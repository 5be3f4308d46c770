import type { FieldChange } from '../field-change.js';
import { CATEGORY_FIELDS, OPTION_FIELDS, sameValue, VALUE_FIELDS } from './compared-fields.js';
import type { MenuChange } from './menu-change.js';
import type { CategoryView, MenuView, OptionView, ValueView } from './menu-view.js';

/**
 * Which side's fields are menusync's: a field that side leaves out is not compared, since the
 * platform may fill in its own default (as the read-back does, apply/verify.ts).
 */
export type Reference = 'before' | 'after';

/**
 * Fields whose absence means a known value: a category hidden by hand in the back office is drift
 * even when menusync never sent `hidden` (the platform's default is visible).
 */
const DEFAULTS: Readonly<Record<string, unknown>> = { hidden: false };

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function unionKeys<T>(before: Map<string, T>, after: Map<string, T>): string[] {
  const keys = [...before.keys()];
  for (const key of after.keys()) if (!before.has(key)) keys.push(key);
  return keys.sort(byCodeUnits);
}

function fieldChanges(
  before: ValueView,
  after: ValueView,
  fields: readonly string[],
  reference: Reference,
): FieldChange[] {
  const changes: FieldChange[] = [];
  const ref = reference === 'before' ? before.fields : after.fields;
  for (const field of fields) {
    const fallback = DEFAULTS[field];
    if (ref[field] === undefined && fallback === undefined) continue;
    const old = before.fields[field] ?? fallback;
    const next = after.fields[field] ?? fallback;
    if (!sameValue(old, next)) changes.push({ field, old: old ?? null, new: next ?? null });
  }
  return changes;
}

function change(
  kind: MenuChange['kind'],
  action: MenuChange['action'],
  view: ValueView,
  parents: string[],
): MenuChange {
  return {
    kind,
    action,
    key: view.key,
    ...(view.handmade ? { handmade: true as const } : {}),
    parents,
    ...(view.name !== undefined ? { name: view.name } : {}),
  };
}

/** One entity on both sides or either: its change, or null when it is the same. */
function compareEntity(
  kind: MenuChange['kind'],
  before: ValueView | undefined,
  after: ValueView | undefined,
  fields: readonly string[],
  parents: string[],
  reference: Reference,
): MenuChange | null {
  if (before && after) {
    const changes = fieldChanges(before, after, fields, reference);
    return changes.length > 0 ? { ...change(kind, 'update', after, parents), changes } : null;
  }
  if (after) return change(kind, 'add', after, parents);
  return before ? change(kind, 'remove', before, parents) : null;
}

function compareOptions(
  category: string,
  before: Map<string, OptionView>,
  after: Map<string, OptionView>,
  reference: Reference,
  out: MenuChange[],
): void {
  for (const key of unionKeys(before, after)) {
    const b = before.get(key);
    const a = after.get(key);
    const found = compareEntity('option', b, a, OPTION_FIELDS, [category], reference);
    if (found) out.push(found);
    // The values of an added or removed option go with it: listing them would say it again.
    if (!b || !a) continue;
    for (const valueKey of unionKeys(b.values, a.values)) {
      const v = compareEntity(
        'option_value',
        b.values.get(valueKey),
        a.values.get(valueKey),
        VALUE_FIELDS,
        [category, key],
        reference,
      );
      if (v) out.push(v);
    }
  }
}

function compareCategory(
  key: string,
  before: CategoryView | undefined,
  after: CategoryView | undefined,
  reference: Reference,
  out: MenuChange[],
): void {
  const found = compareEntity('category', before, after, CATEGORY_FIELDS, [], reference);
  const products = { old: before?.products ?? 0, new: after?.products ?? 0 };
  if (found) {
    out.push(products.old !== products.new ? { ...found, products } : found);
  } else if (products.old !== products.new && after) {
    out.push({ ...change('category', 'update', after, []), products });
  }
  // Options of an added or removed category go with it.
  if (before && after) compareOptions(key, before.options, after.options, reference, out);
}

/**
 * Every difference between two menus as the platform lists them, in a fixed order: categories by
 * key, each followed by its options and their values. Pure and linear (Maps by key).
 */
export function compareViews(before: MenuView, after: MenuView, reference: Reference): MenuChange[] {
  const out: MenuChange[] = [];
  for (const key of unionKeys(before, after)) {
    compareCategory(key, before.get(key), after.get(key), reference, out);
  }
  return out;
}

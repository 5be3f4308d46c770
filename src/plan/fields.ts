import { diffString } from 'json-diff';
import { ImportCategory, ImportOption, ImportOptionValue, ImportProduct } from '../model/import-payload.js';
import type { EntityKind, FieldChange } from './types.js';
import { canonicalJson } from './canonical-json.js';

// The scalar fields come from the zod schemas, so a field added to the payload model is compared
// without anyone remembering to list it here. Child arrays are diffed as entities of their own.
const CHILD_ARRAYS = new Set(['ext_id', 'options', 'option_values']);
const scalarFields = (shape: Record<string, unknown>): readonly string[] =>
  Object.keys(shape).filter((key) => !CHILD_ARRAYS.has(key));

export const SCALAR_FIELDS: Readonly<Record<EntityKind, readonly string[]>> = {
  category: scalarFields(ImportCategory.shape),
  product: scalarFields(ImportProduct.shape),
  option: scalarFields(ImportOption.shape),
  option_value: scalarFields(ImportOptionValue.shape),
};

/** Absent fields are reported as null: no schema field is nullable, so null cannot be a real value. */
const present = (value: unknown): unknown => (value === undefined ? null : value);

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Only prices_table is an object; its structure is not specified, so compare it as canonical JSON.
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    return canonicalJson(a) === canonicalJson(b);
  }
  return false;
}

const NO_CHANGES: readonly FieldChange[] = Object.freeze([]);

/**
 * The scalar fields that differ between two versions of one entity, in schema order. Most
 * entities of a plan did not change: they all get the same frozen empty list (no allocation).
 */
export function changedFields(kind: EntityKind, before: object, after: object): readonly FieldChange[] {
  // The same object on both sides: readSnapshot hands back the desired product (and its shared
  // options) for every snapshot line that is its canonical JSON.
  if (before === after) return NO_CHANGES;
  const from = before as Readonly<Record<string, unknown>>;
  const to = after as Readonly<Record<string, unknown>>;
  let changes: FieldChange[] | undefined;
  for (const field of SCALAR_FIELDS[kind]) {
    const old = from[field];
    const next = to[field];
    if (sameValue(old, next)) continue;
    const change: FieldChange = { field, old: present(old), new: present(next) };
    if (isRecord(old) && isRecord(next)) change.detail = objectDetail(old, next);
    (changes ??= []).push(change);
  }
  return changes ?? NO_CHANGES;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * json-diff's rendering of two versions of one object-valued field (never a whole menu or array:
 * only values already known to differ reach it), without its outer braces, one line per change.
 */
function objectDetail(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return diffString(before, after, { color: false, sort: true })
    .split('\n')
    .filter((line) => /^[+-]/.test(line))
    .map((line) => `${line[0]} ${line.slice(1).trim()}`);
}

import type { CanonicalMenu } from './canonical-menu.js';
import type { ImportOption, ImportOptionValue } from './import-payload.js';

// Identity rule 4 of the platform interface lets a platform keep option and option-value ext_ids
// unique in the whole environment, or only within their parent. A plan must be right under both
// readings: under the first, one ext_id given two contents under two parents is one entity that the
// second parent overwrites (`Crab_Ball` at 3.00 in one group becomes 4.00 everywhere). The same
// content under one ext_id (a shared modifier group) is one entity under either reading and is fine.
// A mapping that scopes its ids by parent (the product's id in the option's ext_id) never collides.

/** One ext_id given two contents: where it was first seen and where it differs. */
export interface OptionIdentityConflict {
  kind: 'option' | 'option value';
  extId: string;
  /** Path of the first entity with this ext_id, e.g. products[ext_id=P1].options[ext_id=size]. */
  firstPath: string;
  /** Path of the entity whose content differs from the first. */
  path: string;
  /** The fields whose values differ, e.g. `price_operand 3 ≠ 4`. */
  differences: string[];
}

// Position orders an entity within its parent; a shared group may sit at different places in two
// products without being two groups. Every other field is content the customer sees or pays.
const OPTION_FIELDS = [
  'name',
  'short_name',
  'type',
  'min_selectable',
  'max_selectable',
  'max_quantity',
  'note',
  'hidden',
  'primary',
  'first_default',
  'show_caption',
  'print_caption',
] as const satisfies readonly (keyof ImportOption)[];
const VALUE_FIELDS = [
  'name',
  'short_name',
  'price_operator',
  'price_operand',
  'hidden',
  'checked_default',
] as const satisfies readonly (keyof ImportOptionValue)[];

function fieldDifferences<T extends object>(
  fields: readonly (keyof T & string)[],
  first: T,
  other: T,
): string[] {
  const out: string[] = [];
  for (const field of fields) {
    const a = first[field];
    const b = other[field];
    if (a !== b) out.push(`${field} ${show(a)} ≠ ${show(b)}`);
  }
  return out;
}

/** No field differs: the usual answer for a shared id, found with no array. */
function sameFields<T extends object>(fields: readonly (keyof T & string)[], first: T, other: T): boolean {
  for (const field of fields) if (first[field] !== other[field]) return false;
  return true;
}

function show(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(value);
}

/** The ids of an option's values, the first few of a long list (a message stays one line). */
function valueIds(option: ImportOption): string {
  const ids = (option.option_values ?? []).map((v) => v.ext_id);
  const shown = ids.slice(0, 3).join(', ');
  return ids.length > 3 ? `[${shown}, … ${ids.length} in all]` : `[${shown}]`;
}

/** An option's own fields and its values' ids in order (each value is compared on its own). */
function optionDifferences(first: ImportOption, other: ImportOption): string[] {
  const out = fieldDifferences(OPTION_FIELDS, first, other);
  if (sameValueIds(first, other)) return out;
  const a = (first.option_values ?? []).map((v) => v.ext_id).join('\n');
  const b = (other.option_values ?? []).map((v) => v.ext_id).join('\n');
  if (a !== b) out.push(`values ${valueIds(first)} ≠ ${valueIds(other)}`);
  return out;
}

/** The same value ids in the same order, compared without joining them (the usual answer: yes). */
function sameValueIds(first: ImportOption, other: ImportOption): boolean {
  const a = first.option_values ?? [];
  const b = other.option_values ?? [];
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if ((a[i] as ImportOptionValue).ext_id !== (b[i] as ImportOptionValue).ext_id) return false;
  }
  return true;
}

type Owner = 'categories' | 'products';

/** Every option array of the menu in order, categories' then products', with its parent. */
function eachOption(
  menu: CanonicalMenu,
  visit: (option: ImportOption, owner: Owner, ownerId: string) => void,
): void {
  for (const category of menu.categories) {
    if (category.options) for (const option of category.options) visit(option, 'categories', category.ext_id);
  }
  for (const product of menu.products) {
    if (product.options) for (const option of product.options) visit(option, 'products', product.ext_id);
  }
}

function optionPath(owner: Owner, ownerId: string, option: ImportOption): string {
  return `${owner}[ext_id=${ownerId}].options[ext_id=${option.ext_id}]`;
}

function valuePath(optionAt: string, value: ImportOptionValue): string {
  return `${optionAt}.option_values[ext_id=${value.ext_id}]`;
}

/**
 * Every option and option-value ext_id that carries two contents anywhere in the menu (categories'
 * and products' options alike). One conflict per differing entity, located at it and naming the first.
 * Linear: one Map lookup per option and value; an option object shared by several parents (table
 * mode shares a modifier set's option) is looked at once. The maps hold the entities only: paths
 * are built for conflicts, and the first entities' paths by a second walk only when there is one.
 */
export function optionIdentityConflicts(menu: CanonicalMenu): OptionIdentityConflict[] {
  const conflicts: OptionIdentityConflict[] = [];
  /** The entity each conflict's ext_id was first seen on, by conflict. */
  const firsts: (ImportOption | ImportOptionValue)[] = [];
  const options = new Map<string, ImportOption>();
  const values = new Map<string, ImportOptionValue>();
  // An option that is the first with its ext_id is known seen by the map; the others need a set.
  let repeated: Set<ImportOption> | undefined;
  eachOption(menu, (option, owner, ownerId) => {
    const first = options.get(option.ext_id);
    if (first === option) return;
    let path: string | undefined;
    if (first === undefined) options.set(option.ext_id, option);
    else {
      repeated ??= new Set();
      if (repeated.has(option)) return;
      repeated.add(option);
      const differences = optionDifferences(first, option);
      if (differences.length > 0) {
        path = optionPath(owner, ownerId, option);
        conflicts.push({ kind: 'option', extId: option.ext_id, firstPath: '', path, differences });
        firsts.push(first);
      }
    }
    const list = option.option_values;
    if (!list) return;
    for (const value of list) {
      const seen = values.get(value.ext_id);
      if (seen === undefined) {
        values.set(value.ext_id, value);
        continue;
      }
      if (seen === value || sameFields(VALUE_FIELDS, seen, value)) continue;
      const differences = fieldDifferences(VALUE_FIELDS, seen, value);
      if (differences.length > 0) {
        path ??= optionPath(owner, ownerId, option);
        conflicts.push({
          kind: 'option value',
          extId: value.ext_id,
          firstPath: '',
          path: valuePath(path, value),
          differences,
        });
        firsts.push(seen);
      }
    }
  });
  if (conflicts.length === 0) return conflicts;
  const firstPaths = pathsOf(menu, new Set(firsts));
  for (let i = 0; i < conflicts.length; i++) {
    (conflicts[i] as OptionIdentityConflict).firstPath = firstPaths.get(firsts[i] as object) ?? '';
  }
  return conflicts;
}

/** The path of each wanted entity where the walk above first meets it. */
function pathsOf(menu: CanonicalMenu, wanted: ReadonlySet<object>): Map<object, string> {
  const paths = new Map<object, string>();
  const visited = new Set<ImportOption>();
  eachOption(menu, (option, owner, ownerId) => {
    if (visited.has(option)) return;
    visited.add(option);
    const path = optionPath(owner, ownerId, option);
    if (wanted.has(option) && !paths.has(option)) paths.set(option, path);
    for (const value of option.option_values ?? []) {
      if (wanted.has(value) && !paths.has(value)) paths.set(value, valuePath(path, value));
    }
  });
  return paths;
}

/** `option value "Crab_Ball" has price_operand 3 ≠ 4 here and at products[...]...: ...`. */
export function optionIdentityMessage(conflict: OptionIdentityConflict): string {
  return (
    `${conflict.kind} ext_id "${conflict.extId}" is also at ${conflict.firstPath} with other content ` +
    `(${conflict.differences.join('; ')}); a platform that keeps option ids unique in the environment ` +
    `would keep only one: give each parent its own ext_id (scope it by parent) or the same content`
  );
}

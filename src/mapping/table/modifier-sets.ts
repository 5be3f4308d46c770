import type { CellValue } from '../../extract/types.js';
import type { ImportOption, ImportOptionValue } from '../../model/import-payload.js';
import type { DeclaredModifierSet, ModifierSetsSpec } from '../table-schema.js';
import { roundMoney } from '../../model/money.js';
import { slugify } from '../transforms/slug.js';
import { cellText } from '../transforms/template.js';
import { patternRegExp } from './columns.js';
import type { CompileContext, CompiledValue } from './compile-context.js';
import { compileValue } from './compile-value.js';
import type { LinkChain } from './link-chain.js';

// Membership columns (`Modifier Set - X` = Y/N) say which sets an item uses; the sets' options and
// prices are not in such exports, so they come from the mapping's `sets` or are reported.

export interface MembershipColumn {
  index: number;
  header: string;
  /** The set name captured from the header. */
  name: string;
  set?: PreparedSet;
  /** The last cell text judged and whether it was truthy: a column holds a few distinct texts. */
  lastText?: string;
  lastTruthy?: boolean;
}

/** A declared set with everything that does not depend on the product worked out once. */
interface PreparedSet {
  /** The option ext_id when it does not depend on the product (declared, or the default pattern). */
  extId?: string;
  name: string;
  type?: 'single';
  min: number;
  max: number;
  values: { ext_id?: string; suffix: string; name: string; price: number; hidden?: boolean }[];
  /**
   * The last option built, per position, for `builtFor` (its ext_id). With a product-independent
   * ext_id every product using the set gets the same frozen object: 1M option values at 100k
   * products would otherwise be a million identical objects.
   */
  builtFor: string | undefined;
  built: ImportOption[];
}

/** Option ext_ids are scoped by their parent (platform "Identity rules" 4), so a set's id needs no product. */
const DEFAULT_EXT_ID = 'set-{slug(@name)}';
const NO_CONTEXT = Object.freeze({});

function prepareSet(
  name: string,
  set: DeclaredModifierSet,
  defaultExtId: boolean,
  digits: number,
): PreparedSet {
  const max = set.max ?? set.values.length;
  const extId = set.ext_id ?? (defaultExtId ? `set-${slugify(name)}` : undefined);
  return {
    ...(extId !== undefined ? { extId } : {}),
    name: set.name ?? name,
    ...(max === 1 ? { type: 'single' as const } : {}),
    min: set.min ?? 0,
    max,
    values: set.values.map((v) => ({
      ...(v.ext_id !== undefined ? { ext_id: v.ext_id } : {}),
      suffix: `-${slugify(v.name)}`,
      name: v.name,
      price: roundMoney(v.price ?? 0, digits),
      ...(v.hidden !== undefined ? { hidden: v.hidden } : {}),
    })),
    builtFor: undefined,
    built: [],
  };
}

/** A column of set names (`Milk, Syrups`); the last cell text and its sets are kept (few distinct). */
export interface ListColumn {
  cell: CompiledValue;
  /** `links`: the set names its link tables reach from the cell's key, instead of the cell's text. */
  follow?: (key: string) => string[];
  header: string;
  separator: string;
  declared: (name: string) => PreparedSet | undefined;
  lastText?: string;
  lastSets?: { name: string; set: PreparedSet | undefined }[];
}

export interface CompiledModifierSets {
  columns: MembershipColumn[];
  list?: ListColumn;
  truthy: Set<string>;
  extId: CompiledValue;
  undeclared: 'warn' | 'error' | 'ignore';
  /** Per undeclared set name: how many products use it (reported after the run). */
  undeclaredUse: Map<string, { header: string; products: number }>;
  /** The options array last handed out, frozen: the next product with the same options shares it. */
  lastOptions?: ImportOption[];
}

const DEFAULT_TRUTHY = ['y', 'yes', 'true', '1', 'x'];

export function compileModifierSets(
  spec: ModifierSetsSpec,
  ctx: CompileContext,
  links?: LinkChain,
): CompiledModifierSets {
  const pattern = spec.columns?.pattern ?? [];
  const patterns = Array.isArray(pattern) ? pattern : [pattern];
  const regexps = patterns.map((p) => patternRegExp(p, ctx.params, 'name', 'i'));
  const declared = new Map(Object.entries(spec.sets ?? {}));
  const declaredFolded = new Map([...declared].map(([k, v]) => [k.trim().toLowerCase(), v]));
  const lookup = (name: string) => declared.get(name) ?? declaredFolded.get(name.toLowerCase());
  const columns: MembershipColumn[] = [];
  ctx.headers.headers.forEach((raw, index) => {
    const header = raw.trim();
    for (const { regexp, groups } of regexps) {
      const m = regexp.exec(header);
      if (!m) continue;
      const name = (m[groups.indexOf('name') + 1] ?? '').trim();
      const set = lookup(name);
      const prepared = set ? { set: prepareSet(name, set, spec.ext_id === undefined, ctx.money.digits) } : {};
      columns.push({ index, header: raw, name, ...prepared });
      ctx.headers.markRead(index);
      break;
    }
  });
  let list: ListColumn | undefined;
  const listed = spec.list ?? spec.links;
  if (listed) {
    const compiled = spec.list
      ? compileValue({ column: spec.list.column }, ctx, 'modifier_sets.list.column')
      : compileValue(spec.links?.key ?? '', ctx, 'modifier_sets.links.key');
    // One prepared set per name, so products naming the same set share its option objects.
    const prepared = new Map<string, PreparedSet | undefined>();
    list = {
      cell: compiled.fn,
      // Links whose tables were given no input (an optional source) reach no set.
      ...(spec.list === undefined ? { follow: (key: string) => links?.follow(key) ?? [] } : {}),
      header: compiled.column ?? '',
      separator: spec.list?.separator ?? ',',
      declared: (name) => {
        const key = name.toLowerCase();
        if (!prepared.has(key)) {
          const set = lookup(name);
          prepared.set(
            key,
            set ? prepareSet(name, set, spec.ext_id === undefined, ctx.money.digits) : undefined,
          );
        }
        return prepared.get(key);
      },
    };
  }
  return {
    columns,
    ...(list ? { list } : {}),
    truthy: new Set((spec.truthy ?? DEFAULT_TRUTHY).map((t) => t.trim().toLowerCase())),
    extId: compileValue(spec.ext_id ?? DEFAULT_EXT_ID, ctx, 'modifier_sets.ext_id').fn,
    undeclared: spec.undeclared ?? 'warn',
    undeclaredUse: new Map(),
  };
}

/**
 * The options a product's head row says it uses, positioned from `firstPosition`. The objects, and
 * the array, are frozen and shared between products (see PreparedSet.built and `shareable`).
 */
export function modifierOptions(
  sets: CompiledModifierSets,
  cells: readonly CellValue[],
  productExtId: string,
  firstPosition: number,
): ImportOption[] | undefined {
  let options: ImportOption[] | undefined;
  for (const column of sets.columns) {
    const cell = cellText(cells[column.index]);
    if (cell !== column.lastText) {
      column.lastText = cell;
      column.lastTruthy = sets.truthy.has(cell.toLowerCase());
    }
    if (!column.lastTruthy) continue;
    const set = column.set;
    if (!set) {
      const use = sets.undeclaredUse.get(column.name) ?? { header: column.header, products: 0 };
      use.products += 1;
      sets.undeclaredUse.set(column.name, use);
      continue;
    }
    const extId = set.extId ?? String(sets.extId(cells, { product: productExtId, name: column.name }) ?? '');
    const position = firstPosition + (options ? options.length : 0);
    options = withOption(options, setOption(set, extId, position));
  }
  if (sets.list) options = listOptions(sets, sets.list, cells, productExtId, firstPosition, options);
  return options && shareable(sets, options);
}

/**
 * The array of the previous product when it holds the same options (consecutive products mostly
 * use the same sets), else `options`, frozen and remembered: one array per run of products
 * instead of one kept per product until the end.
 */
function shareable(sets: CompiledModifierSets, options: ImportOption[]): ImportOption[] {
  const last = sets.lastOptions;
  if (last && last.length === options.length) {
    // A loop, not every(): this runs once per product.
    let same = true;
    for (let i = 0; i < last.length && same; i++) same = last[i] === options[i];
    if (same) return last;
  }
  sets.lastOptions = Object.freeze(options) as ImportOption[];
  return sets.lastOptions;
}

/** The sets a list cell names, in cell order, after any membership-column sets. */
function listOptions(
  sets: CompiledModifierSets,
  list: ListColumn,
  cells: readonly CellValue[],
  productExtId: string,
  firstPosition: number,
  options: ImportOption[] | undefined,
): ImportOption[] | undefined {
  const value = list.cell(cells, NO_CONTEXT);
  const text = value === null ? '' : String(value).trim();
  if (text === '') return options;
  if (text !== list.lastText) {
    list.lastText = text;
    const names = list.follow
      ? list.follow(text)
      : text
          .split(list.separator)
          .map((n) => n.trim())
          .filter((n) => n !== '');
    list.lastSets = names.map((name) => ({ name, set: list.declared(name) }));
  }
  for (const { name, set } of list.lastSets ?? []) {
    if (!set) {
      const use = sets.undeclaredUse.get(name) ?? { header: list.header, products: 0 };
      use.products += 1;
      sets.undeclaredUse.set(name, use);
      continue;
    }
    if (options?.some((o) => o.name === set.name)) continue;
    const extId = set.extId ?? String(sets.extId(cells, { product: productExtId, name }) ?? '');
    options = withOption(options, setOption(set, extId, firstPosition + (options ? options.length : 0)));
  }
  return options;
}

/**
 * `options` plus one. Every product keeps its options array until the end, and `push` onto a
 * one-element array grows its store to 17 slots: for the usual one or two sets, an array literal of
 * exactly that length instead (~13 MB less kept, and copied by the GC, on 100k products).
 */
function withOption(options: ImportOption[] | undefined, option: ImportOption): ImportOption[] {
  if (!options) return [option];
  if (options.length === 1) return [options[0] as ImportOption, option];
  options.push(option);
  return options;
}

/** A set's option at a position other than the one it was first built for (after a variant option). */
export function movedSetOption(option: ImportOption, position: number): ImportOption {
  const set = preparedOf.get(option);
  if (!set) return Object.freeze({ ...option, position });
  return setOption(set, option.ext_id, position);
}

// Which prepared set a shared option came from, so moving it reuses the set's cache.
const preparedOf = new WeakMap<ImportOption, PreparedSet>();

function setOption(set: PreparedSet, extId: string, position: number): ImportOption {
  if (set.builtFor !== extId) {
    set.builtFor = extId;
    set.built = [];
  }
  const cached = set.built[position];
  if (cached) return cached;
  // The values do not depend on the position: one frozen array for every position.
  const values = set.built.find((o) => o !== undefined)?.option_values ?? setValues(set, extId);
  const option: ImportOption = {
    ext_id: extId,
    name: set.name,
    min_selectable: set.min,
    max_selectable: set.max,
    position,
    option_values: values,
  };
  if (set.type) option.type = set.type;
  Object.freeze(option);
  set.built[position] = option;
  preparedOf.set(option, set);
  return option;
}

function setValues(set: PreparedSet, extId: string): ImportOptionValue[] {
  const values: ImportOptionValue[] = new Array<ImportOptionValue>(set.values.length);
  for (let i = 0; i < set.values.length; i++) {
    const v = set.values[i] as PreparedSet['values'][number];
    const value: ImportOptionValue = {
      ext_id: v.ext_id ?? extId + v.suffix,
      name: v.name,
      price_operator: '+',
      price_operand: v.price,
      position: i + 1,
    };
    if (v.hidden !== undefined) value.hidden = v.hidden;
    values[i] = Object.freeze(value);
  }
  return Object.freeze(values) as ImportOptionValue[];
}

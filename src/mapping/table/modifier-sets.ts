import type { CellValue } from '../../extract/types.js';
import type { ImportOption, ImportOptionValue } from '../../model/import-payload.js';
import type { DeclaredModifierSet, ModifierSetsSpec } from '../table-schema.js';
import { roundMoney } from '../../model/money.js';
import { slugify } from '../transforms/slug.js';
import { cellText } from '../transforms/template.js';
import { patternRegExp } from './columns.js';
import type { CompileContext, CompiledValue } from './compile-context.js';
import { compileValue } from './compile-value.js';

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

function prepareSet(name: string, set: DeclaredModifierSet, defaultExtId: boolean): PreparedSet {
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
      price: roundMoney(v.price ?? 0),
      ...(v.hidden !== undefined ? { hidden: v.hidden } : {}),
    })),
    builtFor: undefined,
    built: [],
  };
}

export interface CompiledModifierSets {
  columns: MembershipColumn[];
  truthy: Set<string>;
  extId: CompiledValue;
  undeclared: 'warn' | 'error' | 'ignore';
  /** Per undeclared set name: how many products use it (reported after the run). */
  undeclaredUse: Map<string, { header: string; products: number }>;
}

const DEFAULT_TRUTHY = ['y', 'yes', 'true', '1', 'x'];

export function compileModifierSets(spec: ModifierSetsSpec, ctx: CompileContext): CompiledModifierSets {
  const patterns = Array.isArray(spec.columns.pattern) ? spec.columns.pattern : [spec.columns.pattern];
  const regexps = patterns.map((p) => patternRegExp(p, ctx.params, 'name', 'i'));
  const declared = new Map(Object.entries(spec.sets ?? {}));
  const declaredFolded = new Map([...declared].map(([k, v]) => [k.trim().toLowerCase(), v]));
  const columns: MembershipColumn[] = [];
  ctx.headers.headers.forEach((raw, index) => {
    const header = raw.trim();
    for (const { regexp, groups } of regexps) {
      const m = regexp.exec(header);
      if (!m) continue;
      const name = (m[groups.indexOf('name') + 1] ?? '').trim();
      const set = declared.get(name) ?? declaredFolded.get(name.toLowerCase());
      const prepared = set ? { set: prepareSet(name, set, spec.ext_id === undefined) } : {};
      columns.push({ index, header: raw, name, ...prepared });
      break;
    }
  });
  return {
    columns,
    truthy: new Set((spec.truthy ?? DEFAULT_TRUTHY).map((t) => t.trim().toLowerCase())),
    extId: compileValue(spec.ext_id ?? DEFAULT_EXT_ID, ctx, 'modifier_sets.ext_id').fn,
    undeclared: spec.undeclared ?? 'warn',
    undeclaredUse: new Map(),
  };
}

/**
 * The options a product's head row says it uses, positioned from `firstPosition`. The objects are
 * frozen and shared between products (see PreparedSet.built): callers must not mutate them.
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
    const option = setOption(set, extId, position);
    if (options) options.push(option);
    else options = [option];
  }
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

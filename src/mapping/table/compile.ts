import type { LinkChain } from './link-chain.js';
import type { CompiledAnyValues } from './any-values.js';
import type { DataIssueCode } from '../../model/data-issue.js';
import type { SaleSpec, TableSection } from '../table-schema.js';
import type { ColumnRef, Condition, ValueSpec } from '../value-schema.js';
import { resolveColumnRef } from './columns.js';
import { parseTemplate, templateColumns } from '../transforms/template.js';
import type { CompileContext, CompiledCondition, CompiledValue } from './compile-context.js';
import { compileCondition, compileValue } from './compile-value.js';
import { compileIdSources, type IdSources } from './id-sources.js';
import { compileModifierSets, type CompiledModifierSets } from './modifier-sets.js';
import { compileRowOptions, type CompiledRowOption } from './row-options.js';

// Turns the table section into functions over row cells, once per source.

export interface CompiledSkip {
  reason: string;
  scope: 'row' | 'group';
  test: CompiledCondition;
  /** Set with `report: warning`: the issue code each skipped row also yields. */
  report?: DataIssueCode;
}

/** A `warn` rule: tested on a product's head row. */
export interface CompiledWarn {
  reason: string;
  test: CompiledCondition;
  hide: boolean;
  code: DataIssueCode;
  /** The header the rule's own `column` reads, to locate the warning. */
  column?: string;
}

export interface CompiledGrouping {
  by: 'none' | 'key' | 'continuation' | 'parent';
  key?: CompiledValue;
  keys?: CompiledValue[];
}

export interface CompiledCategory {
  name: CompiledValue;
  extId: CompiledValue;
  /** True when the ext_id template reads no column, so it can be cached per name. */
  extIdByName: boolean;
  separators?: string[];
  take: 'last' | 'first' | 'join';
  joinWith: string;
  fallback?: string;
}

/** A sale price and its schedule, read on the same row as the price they replace. */
export interface CompiledSale {
  price: CompiledValue;
  starts?: CompiledValue;
  ends?: CompiledValue;
}

export interface CompiledProduct {
  extId: CompiledValue;
  name: CompiledValue;
  description?: CompiledValue;
  price?: CompiledValue;
  /** The header `price` reads, to locate an empty price. */
  priceColumn?: string;
  image?: CompiledValue;
  hidden?: CompiledValue;
  sale?: CompiledSale;
  /** `ext_id: { first_of }`: which alternative identified how many products, for the note. */
  extIdSources?: IdSources;
}

export interface CompiledVariants {
  rows: 'all' | 'children';
  always: boolean;
  /** A single variant with a name (Shopify's `10"`, not its nameless "Default Title") is an option. */
  alwaysNamed: boolean;
  /**
   * Absent for the default `{@product}-variant`, which the assembler derives only when it builds
   * an option: most products of a big export have one variant and no option, and keeping that
   * string per product until the end cost as much as the product's name.
   */
  optionExtId?: CompiledValue;
  /** Evaluated on the head row, then on variant rows until one gives a name. */
  optionName?: CompiledValue;
  optionFallback: string;
  valueExtId: CompiledValue;
  valueName: CompiledValue;
  valuePrice?: CompiledValue;
  /** The header `value.price` reads, to locate an empty price. */
  valuePriceColumn?: string;
  valueHidden?: CompiledValue;
  valueSale?: CompiledSale;
  /** `value.any`: a variant row with an empty attribute stands for each value its product lists. */
  any?: CompiledAnyValues;
  /** `base: flagged`: the column or value that marks the default variant, and its header. */
  valueFlag?: CompiledValue;
  flagColumn?: string;
}

export interface CompiledTable {
  skips: CompiledSkip[];
  warns: CompiledWarn[];
  grouping: CompiledGrouping;
  category?: CompiledCategory;
  product: CompiledProduct;
  variants?: CompiledVariants;
  modifierSets?: CompiledModifierSets;
  /** `options`: options from the product's rows or packed cells. */
  rowOptions?: CompiledRowOption[];
}

/**
 * Binds wildcard parameters before anything compiles: `{@param.store}` in an ext_id must see the
 * store that `Price [{store}]` matched, wherever the two appear in the file.
 */
function bindWildcards(node: unknown, ctx: CompileContext, key?: string): void {
  if (Array.isArray(node)) {
    for (const item of node) bindWildcards(item, ctx);
  } else if (typeof node === 'object' && node !== null) {
    if (key === 'column' && 'pattern' in node) {
      resolveColumnRef(ctx.headers, node as ColumnRef, ctx.params);
      return;
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'modifier_sets') bindWildcards(v, ctx, k);
  }
}

function compileSale(spec: SaleSpec, ctx: CompileContext, field: string): CompiledSale {
  const sale: CompiledSale = { price: compileValue(spec.price, ctx, `${field}.price`).fn };
  if (spec.starts) sale.starts = compileValue(spec.starts, ctx, `${field}.starts`).fn;
  if (spec.ends) sale.ends = compileValue(spec.ends, ctx, `${field}.ends`).fn;
  return sale;
}

export function compileTable(
  section: TableSection,
  ctx: CompileContext,
  /** `modifier_sets.links`, read before the rows stream. */
  setLinks?: LinkChain,
): CompiledTable {
  bindWildcards(section, ctx);
  const value = (spec: ValueSpec, field: string) => compileValue(spec, ctx, field).fn;
  const maybe = (spec: ValueSpec | undefined, field: string) =>
    spec === undefined ? undefined : value(spec, field);

  const idSources = compileIdSources(section.product.ext_id, ctx, 'product.ext_id');
  const product: CompiledProduct = {
    extId: idSources?.fn ?? value(section.product.ext_id, 'product.ext_id'),
    name: value(section.product.name, 'product.name'),
  };
  if (idSources) product.extIdSources = idSources.sources;
  const optionalFields = ['description', 'price', 'image', 'hidden'] as const;
  for (const f of optionalFields) {
    const spec = section.product[f];
    if (spec === undefined) continue;
    const compiled = compileValue(spec, ctx, `product.${f}`);
    product[f] = compiled.fn;
    if (f === 'price' && compiled.column !== undefined) product.priceColumn = compiled.column;
  }
  if (section.product.sale) product.sale = compileSale(section.product.sale, ctx, 'product.sale');

  const group = section.group;
  const by = group === undefined ? 'none' : group.by === 'handle' || group.by === 'repeat' ? 'key' : group.by;
  const grouping: CompiledGrouping = { by };
  if (group && by === 'key' && group.key) grouping.key = value(group.key, 'group.key');
  if (group && by === 'continuation' && group.start) grouping.key = value(group.start, 'group.start');
  if (group && by === 'parent' && group.parent && group.keys) {
    grouping.key = value(group.parent, 'group.parent');
    grouping.keys = group.keys.map((k, i) => compileValue(k, ctx, `group.keys[${i}]`, true).fn);
  }

  const compiled: CompiledTable = {
    skips: (section.skip ?? []).map((rule, i) => ({
      reason: rule.reason,
      scope: rule.scope ?? 'row',
      test: compileCondition(rule.when, ctx, `skip[${i}] (${rule.reason})`),
      ...(rule.report ? { report: rule.code ?? ('missing-value' as const) } : {}),
    })),
    warns: (section.warn ?? []).map((rule, i) => {
      const ref = firstColumn(rule.when);
      const column = ref && resolveColumnRef(ctx.headers, ref, ctx.params);
      return {
        reason: rule.reason,
        test: compileCondition(rule.when, ctx, `warn[${i}] (${rule.reason})`),
        hide: rule.hide === true,
        code: rule.code ?? 'per-unit-price',
        ...(column ? { column: column.header } : {}),
      };
    }),
    grouping,
    product,
  };

  if (section.category) {
    const c = section.category;
    const separators =
      c.path_separator === undefined
        ? undefined
        : Array.isArray(c.path_separator)
          ? c.path_separator
          : [c.path_separator];
    compiled.category = {
      name: value(c.name, 'category.name'),
      extId: value(c.ext_id ?? 'cat-{slug(@name)}', 'category.ext_id'),
      extIdByName: templateColumns(parseTemplate(c.ext_id ?? '')).length === 0,
      take: c.take ?? 'last',
      joinWith: c.join_with ?? ' > ',
      ...(separators ? { separators } : {}),
      ...(c.fallback !== undefined ? { fallback: c.fallback } : {}),
    };
  }

  if (section.variants) {
    const v = section.variants;
    compiled.variants = {
      rows: v.rows ?? (by === 'continuation' || by === 'parent' ? 'children' : 'all'),
      always: v.always === true,
      alwaysNamed: v.always === 'named',
      valueExtId: value(v.value.ext_id ?? '{@option}-{slug(@name)}', 'variants.value.ext_id'),
      valueName: value(v.value.name, 'variants.value.name'),
      optionFallback: v.option?.fallback ?? 'Variant',
    };
    if (v.option?.ext_id !== undefined) {
      compiled.variants.optionExtId = value(v.option.ext_id, 'variants.option.ext_id');
    }
    const optionName = maybe(v.option?.name, 'variants.option.name');
    if (optionName) compiled.variants.optionName = optionName;
    if (v.value.price !== undefined) {
      const price = compileValue(v.value.price, ctx, 'variants.value.price');
      compiled.variants.valuePrice = price.fn;
      if (price.column !== undefined) compiled.variants.valuePriceColumn = price.column;
    }
    const hidden = maybe(v.value.hidden, 'variants.value.hidden');
    if (hidden) compiled.variants.valueHidden = hidden;
    if (v.base === 'flagged' && v.flag !== undefined) {
      const flag = compileValue(v.flag, ctx, 'variants.flag');
      compiled.variants.valueFlag = flag.fn;
      if (flag.column !== undefined) compiled.variants.flagColumn = flag.column;
    }
    if (v.value.sale) compiled.variants.valueSale = compileSale(v.value.sale, ctx, 'variants.value.sale');
    if (v.value.any) {
      compiled.variants.any = {
        attributes: v.value.any.attributes.map((a, i) => ({
          value: value(a.value, `variants.value.any.attributes.${i}.value`),
          parent: value(a.parent, `variants.value.any.attributes.${i}.parent`),
        })),
        separator: v.value.any.separator ?? ',',
        join: v.value.any.join ?? ' / ',
      };
    }
  }

  if (section.modifier_sets)
    compiled.modifierSets = compileModifierSets(section.modifier_sets, ctx, setLinks);
  if (section.options) compiled.rowOptions = compileRowOptions(section.options, ctx);
  return compiled;
}

/** The first column a condition reads (its own, else its first combined test's), to locate a warning. */
function firstColumn(cond: Condition): ColumnRef | undefined {
  if (cond.column !== undefined) return cond.column;
  for (const inner of [...(cond.all ?? []), ...(cond.any ?? [])]) {
    const found = firstColumn(inner);
    if (found !== undefined) return found;
  }
  return undefined;
}

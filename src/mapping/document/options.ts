import { roundMoney } from '../../model/money.js';
import type { ImportOption, ImportOptionValue } from '../../model/import-payload.js';
import type { CompiledTransform } from '../types.js';
import { readFields, type CompiledField, type FieldCompiler } from './fields.js';
import { compileSelection, runSelection, type CompiledSelection, type RunState } from './records.js';
import type { DocOption } from './schema.js';
import type { Scope } from './select-path.js';
import type { CompileTransforms } from './compile-value.js';
import { compileExtId, type CompiledExtId } from './ext-id.js';
import { UNPRICED_SKIP_REASON, unpricedVerdict, type UnpricedAction } from '../unpriced.js';

// Options and option values of a category or product. An option is either one per selected record
// (a modifier group) or one built from the owner itself (the variants of an item: sizes, variations).

interface CompiledValues {
  selection: CompiledSelection;
  extId: CompiledExtId;
  fields: (CompiledField | undefined)[];
  price: CompiledField | undefined;
  relative: boolean;
  maxQuantity: CompiledField | undefined;
}

export interface CompiledOption {
  selection: CompiledSelection | undefined;
  extId: CompiledExtId;
  fields: (CompiledField | undefined)[];
  minValues: number | undefined;
  values: CompiledValues;
}

export function compileOption(
  spec: DocOption,
  fc: FieldCompiler,
  transforms: CompileTransforms,
): CompiledOption {
  const v = spec.values;
  return {
    selection: spec.select
      ? compileSelection({ select: spec.select, lookup: spec.lookup, skip: spec.skip })
      : undefined,
    extId: compileExtId(spec.ext_id, transforms),
    fields: [
      fc.field('name', 'text', spec.name),
      fc.field('type', 'text', spec.type),
      fc.field('min_selectable', 'integer', spec.min_selectable),
      fc.field('max_selectable', 'integer', spec.max_selectable),
      fc.field('max_quantity', 'integer', spec.max_quantity),
      fc.field('note', 'text', spec.note),
      fc.field('hidden', 'boolean', spec.hidden),
    ],
    minValues: spec.min_values,
    values: {
      selection: compileSelection(v),
      extId: compileExtId(v.ext_id, transforms),
      fields: [
        fc.field('name', 'text', v.name),
        fc.field('hidden', 'boolean', v.hidden),
        fc.field('checked_default', 'boolean', v.checked_default),
      ],
      price: fc.field('price', 'money', v.price),
      relative: v.price_relative === true,
      maxQuantity: fc.field('max_quantity', 'integer', v.max_quantity),
    },
  };
}

/**
 * The options of one owner record. The same option reached twice (one GloriaFood group on two
 * sizes) is the same entity: it is kept once, at its first position.
 */
export function buildOptions(
  options: readonly CompiledOption[],
  owner: Scope,
  state: RunState,
  booleans: CompiledTransform,
  /** The owner's price, and what to do with a variant (price_relative) without its own. */
  priced: { base: number | undefined; unpriced: UnpricedAction; owner: string },
): ImportOption[] {
  const out: ImportOption[] = [];
  const seen = new Set<string>();
  for (const option of options) {
    const records = option.selection ? runSelection(option.selection, owner, state) : [owner];
    for (const record of records) {
      const extId = option.extId.render(record, state).trim();
      if (extId === '') {
        state.issue('empty-ext-id', 'error', `option ext_id "${option.extId.source}" is empty`, record.path);
        continue;
      }
      if (seen.has(extId)) continue;
      const unpriced: UnpricedValue[] = [];
      const quantity: { max?: number } = {};
      const ownerIds = state.root.entities;
      state.root.entities = { ...ownerIds, option: extId };
      let values = buildValues(option.values, record, state, booleans, priced.base, unpriced, quantity);
      state.root.entities = ownerIds;
      if (values.length < (option.minValues ?? 1)) {
        // min_values is a rule of the mapping (one variation is no choice); an empty group is news.
        if (option.minValues === undefined) {
          state.issue('empty-group', 'warning', `option "${extId}" has no values; left out`, record.path);
        }
        continue;
      }
      seen.add(extId);
      // A lone variation left out by min_values is the product's price: the product said so.
      if (unpriced.length > 0) values = judgeUnpriced(values, unpriced, priced, state);
      const fields = readFields(option.fields, record, state, booleans);
      if (fields.max_quantity === undefined && quantity.max !== undefined) fields.max_quantity = quantity.max;
      out.push({ ext_id: extId, ...fields, position: out.length + 1, option_values: values });
    }
  }
  return out;
}

/** A variant (price_relative value) with no price of its own, where it was read. */
interface UnpricedValue {
  value: ImportOptionValue;
  path: string;
}

/**
 * A visible variant without its own price would sell at the owner's price: the mapping's `unpriced`
 * decides. With no owner price at all the product is unpriced, judged once as a product.
 */
function judgeUnpriced(
  values: ImportOptionValue[],
  unpriced: readonly UnpricedValue[],
  priced: { base: number | undefined; unpriced: UnpricedAction; owner: string },
  state: RunState,
): ImportOptionValue[] {
  if (priced.base === undefined) return values;
  const left = new Set<ImportOptionValue>();
  for (const { value, path } of unpriced) {
    if (value.hidden === true) continue;
    const subject = `variant "${value.name ?? value.ext_id}" of "${priced.owner}"`;
    const verdict = unpricedVerdict(priced.unpriced, subject, 'has no price of its own');
    state.issue('unpriced', verdict.severity, verdict.message, path);
    if (verdict.outcome === 'hide') value.hidden = true;
    if (verdict.outcome === 'skip') {
      state.skip(UNPRICED_SKIP_REASON);
      left.add(value);
    }
  }
  if (left.size === 0) return values;
  const kept = values.filter((v) => !left.has(v));
  kept.forEach((v, i) => (v.position = i + 1));
  return kept;
}

function buildValues(
  spec: CompiledValues,
  option: Scope,
  state: RunState,
  booleans: CompiledTransform,
  basePrice: number | undefined,
  /** Filled with the variants without a price: judged only if their option is kept. */
  unpriced: UnpricedValue[],
  /** Set to the highest max_quantity a value gives. */
  quantity: { max?: number },
): ImportOptionValue[] {
  const out: ImportOptionValue[] = [];
  for (const record of runSelection(spec.selection, option, state)) {
    const extId = spec.extId.render(record, state).trim();
    if (extId === '') {
      state.issue(
        'empty-ext-id',
        'error',
        `option value ext_id "${spec.extId.source}" is empty`,
        record.path,
      );
      continue;
    }
    const fields = readFields(spec.fields, record, state, booleans);
    const price = spec.price ? readFields([spec.price], record, state, booleans).price : undefined;
    if (spec.maxQuantity) {
      const max = readFields([spec.maxQuantity], record, state, booleans).max_quantity;
      if (typeof max === 'number') quantity.max = Math.max(quantity.max ?? 0, max);
    }
    const skip = state.takePendingSkip();
    if (skip) {
      state.skip(skip);
      continue;
    }
    // A variant's own full price (price_relative) that is absent is a product price lost, as in
    // table mode; a modifier without a price is free, which is common and no news.
    const value: ImportOptionValue = { ext_id: extId, ...fields, position: out.length + 1 };
    if (spec.relative && spec.price && price === undefined) unpriced.push({ value, path: record.path });
    if (typeof price === 'number') {
      value.price_operator = '+';
      value.price_operand =
        spec.relative && basePrice !== undefined ? roundMoney(price - basePrice, state.money.digits) : price;
    }
    out.push(value);
  }
  return out;
}

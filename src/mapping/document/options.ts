import { roundMoney } from '../../model/money.js';
import type { ImportOption, ImportOptionValue } from '../../model/import-payload.js';
import type { CompiledTransform } from '../types.js';
import { readFields, type CompiledField, type FieldCompiler } from './fields.js';
import { compileSelection, runSelection, type CompiledSelection, type RunState } from './records.js';
import type { DocOption } from './schema.js';
import type { Scope } from './select-path.js';
import type { CompileTransforms } from './compile-value.js';
import { compileExtId, type CompiledExtId } from './ext-id.js';

// Options and option values of a category or product. An option is either one per selected record
// (a modifier group) or one built from the owner itself (the variants of an item: sizes, variations).

interface CompiledValues {
  selection: CompiledSelection;
  extId: CompiledExtId;
  fields: (CompiledField | undefined)[];
  price: CompiledField | undefined;
  relative: boolean;
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
  basePrice: number | undefined,
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
      const unpriced: { message: string; path: string }[] = [];
      const values = buildValues(option.values, record, state, booleans, basePrice, unpriced);
      if (values.length < (option.minValues ?? 1)) {
        // min_values is a rule of the mapping (one variation is no choice); an empty group is news.
        if (option.minValues === undefined) {
          state.issue('empty-group', 'warning', `option "${extId}" has no values; left out`, record.path);
        }
        continue;
      }
      seen.add(extId);
      // A lone variation left out by min_values is the product's price: the product said so.
      for (const { message, path } of unpriced) state.issue('missing-value', 'warning', message, path);
      const fields = readFields(option.fields, record, state, booleans);
      out.push({ ext_id: extId, ...fields, position: out.length + 1, option_values: values });
    }
  }
  return out;
}

function buildValues(
  spec: CompiledValues,
  option: Scope,
  state: RunState,
  booleans: CompiledTransform,
  basePrice: number | undefined,
  /** Filled with the variants without a price: warned about only if their option is kept. */
  unpriced: { message: string; path: string }[],
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
    const before = state.issues.length;
    const price = spec.price ? readFields([spec.price], record, state, booleans).price : undefined;
    const skip = state.takePendingSkip();
    if (skip) {
      state.skip(skip);
      continue;
    }
    // A variant's own full price (price_relative) that is absent is a product price lost, as in
    // table mode; a modifier without a price is free, which is common and no news.
    if (spec.relative && spec.price && price === undefined && state.issues.length === before) {
      const name = typeof fields.name === 'string' ? fields.name : extId;
      unpriced.push({ message: `variant "${name}" has no price`, path: record.path });
    }
    const value: ImportOptionValue = { ext_id: extId, ...fields, position: out.length + 1 };
    if (typeof price === 'number') {
      value.price_operator = '+';
      value.price_operand =
        spec.relative && basePrice !== undefined ? roundMoney(price - basePrice, state.money.digits) : price;
    }
    out.push(value);
  }
  return out;
}

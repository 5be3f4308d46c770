import type { CellValue } from '../../extract/types.js';
import type { ImportOption, ImportOptionValue } from '../../model/import-payload.js';
import type { TableOption } from '../table-schema.js';
import { compileMoney } from '../transforms/money.js';
import type { CompiledTransform } from '../types.js';
import { toCents } from './cents.js';
import type { CompileContext, CompiledValue } from './compile-context.js';
import { compileValue } from './compile-value.js';
import { describeColumnRef } from './columns.js';
import { absentColumnNote } from '../notes.js';
import { parsePackedCell } from './packed-values.js';
import { countOf } from '../../plural.js';

// `table.options`: options a product's own rows or cells give (docs/mapping-format.md "options").
// Values are read while the rows stream and built into options when the product closes.

export interface CompiledRowOption {
  rows?: 'all' | 'children';
  packed?: { read: CompiledValue; separator: string; column: string | undefined };
  name?: CompiledValue;
  split?: string;
  extId: CompiledValue;
  valueName?: CompiledValue;
  valueNameColumn?: string;
  valuePrice?: CompiledValue;
  valueHidden?: CompiledValue;
  valueExtId: CompiledValue;
  single: boolean;
  min?: number;
  max?: number;
  /** Prices inside packed cells, read by the mapping's money rules. */
  money: CompiledTransform;
}

/** One value as read from a row or a packed cell; an option is built from these at the end. */
export interface PendingOptionValue {
  row: number;
  name: string;
  price: number | undefined;
  hidden: boolean | undefined;
}

/** The values read so far for one option of one product, in order of appearance. */
export interface PendingOption {
  spec: number;
  name: string;
  row: number;
  values: PendingOptionValue[];
  /** A packed option: the head row's cell, which later rows of the product must repeat. */
  cell?: string;
}

const text = (v: unknown): string | undefined =>
  v === null || v === undefined || v === '' ? undefined : String(v).trim() || undefined;

export function compileRowOptions(options: readonly TableOption[], ctx: CompileContext): CompiledRowOption[] {
  return options.map((o, i) => {
    const field = `options[${i}]`;
    const value = o.value ?? {};
    const compiled: CompiledRowOption = {
      extId: compileValue(o.ext_id ?? '{@product}-{slug(@name)}', ctx, `${field}.ext_id`).fn,
      valueExtId: compileValue(value.ext_id ?? '{@option}-{slug(@name)}', ctx, `${field}.value.ext_id`).fn,
      single: o.type === 'single',
      money: compileMoney({}, ctx.money),
    };
    if (o.rows !== undefined) compiled.rows = o.rows;
    if (o.min_selectable !== undefined) compiled.min = o.min_selectable;
    if (o.max_selectable !== undefined) compiled.max = o.max_selectable;
    if (o.name !== undefined) compiled.name = compileValue(o.name, ctx, `${field}.name`).fn;
    if (value.split !== undefined) compiled.split = value.split;
    if (value.name !== undefined) {
      const name = compileValue(value.name, ctx, `${field}.value.name`);
      compiled.valueName = name.fn;
      if (name.column !== undefined) compiled.valueNameColumn = name.column;
      if (!name.resolved && typeof value.name === 'object' && value.name.optional === true) {
        const what = value.name.column ? describeColumnRef(value.name.column, ctx.params) : field;
        ctx.notes.push(absentColumnNote(what, `the products have no options from it (${field})`));
      }
    }
    if (value.price !== undefined)
      compiled.valuePrice = compileValue(value.price, ctx, `${field}.value.price`).fn;
    if (value.hidden !== undefined)
      compiled.valueHidden = compileValue(value.hidden, ctx, `${field}.value.hidden`).fn;
    if (o.packed !== undefined) {
      const cell = compileValue({ column: o.packed.column }, ctx, `${field}.packed.column`);
      compiled.packed = { read: cell.fn, separator: o.packed.separator ?? '|', column: cell.column };
    }
    return compiled;
  });
}

const NO_CONTEXT = Object.freeze({});

/**
 * Reads one row of a product for every row option (and, on its head row, every packed cell).
 * Returns how many values the row gave, so a row that gave nothing can be counted, never lost.
 */
export function readOptionRow(
  options: readonly CompiledRowOption[],
  cells: readonly CellValue[],
  row: number,
  isHead: boolean,
  pending: PendingOption[],
  ctx: CompileContext,
): number {
  let given = 0;
  for (let i = 0; i < options.length; i++) {
    const o = options[i] as CompiledRowOption;
    if (o.packed) {
      if (isHead) given += readPacked(o, i, cells, row, pending, ctx);
      else checkPackedRepeat(o, i, cells, pending, ctx);
      continue;
    }
    if (isHead && o.rows === 'children') continue;
    const raw = o.valueName ? text(o.valueName(cells, NO_CONTEXT)) : undefined;
    if (raw === undefined) continue;
    let optionName = o.name ? text(o.name(cells, NO_CONTEXT)) : undefined;
    let valueName = raw;
    if (o.split !== undefined) {
      const at = raw.indexOf(o.split);
      if (at > 0) {
        optionName = raw.slice(0, at).trim() || optionName;
        valueName = raw.slice(at + o.split.length).trim();
      }
    }
    // A row without an option name continues the option above it (Odoo writes the attribute once).
    let option = optionName === undefined ? lastOf(pending, i) : findOption(pending, i, optionName);
    if (option === undefined) {
      if (optionName === undefined) {
        ctx.rowIssue(
          'missing-value',
          'error',
          `options[${i}]: value "${valueName}" names no option and follows none: left out`,
          o.valueNameColumn,
        );
        continue;
      }
      option = { spec: i, name: optionName, row, values: [] };
      pending.push(option);
    }
    if (valueName === '') {
      ctx.rowIssue('missing-value', 'error', `options[${i}]: empty value of "${option.name}": left out`);
      continue;
    }
    const price = o.valuePrice
      ? number(o.valuePrice(cells, NO_CONTEXT), `options[${i}].value.price`, ctx)
      : undefined;
    const hidden = o.valueHidden ? o.valueHidden(cells, NO_CONTEXT) : null;
    option.values.push({
      row,
      name: valueName,
      price,
      hidden: typeof hidden === 'boolean' ? hidden : undefined,
    });
    given++;
  }
  return given;
}

function readPacked(
  o: CompiledRowOption,
  spec: number,
  cells: readonly CellValue[],
  row: number,
  pending: PendingOption[],
  ctx: CompileContext,
): number {
  const packed = o.packed as NonNullable<CompiledRowOption['packed']>;
  const cell = text(packed.read(cells, NO_CONTEXT));
  if (cell === undefined) {
    pending.push({ spec, name: '', row, values: [], cell: '' });
    return 0;
  }
  const name = (o.name ? text(o.name(cells, NO_CONTEXT)) : undefined) ?? packed.column ?? `options[${spec}]`;
  const sink = ctx.sinkFor(packed.column, `options[${spec}] "${name}"`);
  const { values, unbalanced } = parsePackedCell(cell, packed.separator, (price) => {
    const parsed = o.money(price, sink);
    return typeof parsed === 'number' ? parsed : undefined;
  });
  if (unbalanced !== undefined) {
    ctx.rowIssue(
      'malformed-value',
      'error',
      `options[${spec}] "${name}": ${unbalanced} of the cell: read as ${countOf(values.length, 'value')} (${values.map((v) => `"${v.name}"`).join(', ')}); pair the parentheses in the export`,
      packed.column,
    );
  }
  const hidden = o.valueHidden ? o.valueHidden(cells, NO_CONTEXT) : null;
  const option: PendingOption = { spec, name, row, values: [], cell };
  pending.push(option);
  for (const v of values) {
    option.values.push({
      row,
      name: v.name,
      price: v.price,
      hidden: typeof hidden === 'boolean' ? hidden : undefined,
    });
  }
  return option.values.length;
}

/**
 * Sizes sold as separate articles share one product, and its options are read on its first
 * article: another article's cell that says something else is reported, never lost silently.
 * A head row with an empty cell has a pending entry with `cell: ''` for this comparison.
 */
function checkPackedRepeat(
  o: CompiledRowOption,
  spec: number,
  cells: readonly CellValue[],
  pending: PendingOption[],
  ctx: CompileContext,
): void {
  const packed = o.packed as NonNullable<CompiledRowOption['packed']>;
  // An empty cell on a later row repeats nothing (continuation rows leave their cells blank).
  const cell = text(packed.read(cells, NO_CONTEXT));
  if (cell === undefined) return;
  const head = pending.find((p) => p.spec === spec);
  if (head === undefined || head.cell === cell) return;
  ctx.rowIssue(
    'option-identity',
    'warning',
    `options[${spec}]: "${cell}" differs from the product's first row ${head.row} ("${head.cell ?? ''}"): the first row's values are kept`,
    packed.column,
  );
}

function lastOf(pending: PendingOption[], spec: number): PendingOption | undefined {
  for (let i = pending.length - 1; i >= 0; i--)
    if ((pending[i] as PendingOption).spec === spec) return pending[i];
  return undefined;
}

function findOption(pending: PendingOption[], spec: number, name: string): PendingOption | undefined {
  return pending.find((p) => p.spec === spec && p.name === name);
}

function number(v: unknown, field: string, ctx: CompileContext): number | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  ctx.rowIssue('bad-price', 'error', `${field}: "${String(v)}" is not a number (add the money transform)`);
  return undefined;
}

/**
 * The options of one product, in the order the mapping lists them (several options of one
 * `rows` entry in order of appearance), positioned from `first`.
 */
export function buildRowOptions(
  options: readonly CompiledRowOption[],
  pending: readonly PendingOption[],
  productExtId: string,
  first: number,
  ctx: CompileContext,
): ImportOption[] {
  const built: ImportOption[] = [];
  const ids = new Set<string>();
  for (let spec = 0; spec < options.length; spec++) {
    const o = options[spec] as CompiledRowOption;
    for (const p of pending) {
      if (p.spec !== spec || p.values.length === 0) continue;
      ctx.cursor.row = p.row;
      const extId = text(o.extId([], { name: p.name, product: productExtId }));
      if (extId === undefined) {
        ctx.rowIssue(
          'empty-ext-id',
          'error',
          `options[${spec}].ext_id is empty for "${p.name}": option left out`,
        );
        continue;
      }
      if (ids.has(extId)) {
        ctx.rowIssue(
          'duplicate-ext-id',
          'error',
          `option ext_id "${extId}" appears twice in "${productExtId}": left out`,
        );
        continue;
      }
      ids.add(extId);
      const values = optionValues(o, p, extId, productExtId, ctx);
      if (values.length === 0) continue;
      const min = o.min ?? (o.single ? 1 : 0);
      const option: ImportOption = {
        ext_id: extId,
        name: p.name,
        ...(o.single ? { type: 'single' } : {}),
        min_selectable: min,
        max_selectable: o.single ? 1 : (o.max ?? values.length),
        position: first + built.length,
        option_values: values,
      };
      built.push(option);
    }
  }
  return built;
}

function optionValues(
  o: CompiledRowOption,
  p: PendingOption,
  optionExtId: string,
  productExtId: string,
  ctx: CompileContext,
): ImportOptionValue[] {
  const values: ImportOptionValue[] = [];
  const seen = new Set<string>();
  for (const v of p.values) {
    ctx.cursor.row = v.row;
    const amount = v.price === undefined ? undefined : toCents(v.price, ctx.money.digits);
    // `@price` in minor units (`190`): ids that tell one value at two prices apart, when wanted.
    const context = {
      name: v.name,
      option: optionExtId,
      product: productExtId,
      price: amount === undefined ? '' : String(Math.round(amount * 10 ** ctx.money.digits)),
    };
    const extId = text(o.valueExtId([], context));
    if (extId === undefined) {
      ctx.rowIssue('empty-ext-id', 'error', `option value ext_id is empty for "${v.name}": left out`);
      continue;
    }
    if (seen.has(extId)) {
      ctx.rowIssue(
        'duplicate-ext-id',
        'error',
        `value ext_id "${extId}" appears twice in option "${p.name}" of "${productExtId}": left out`,
      );
      continue;
    }
    seen.add(extId);
    const value: ImportOptionValue = { ext_id: extId, name: v.name };
    if (amount !== undefined) {
      value.price_operator = '+';
      value.price_operand = amount;
    }
    if (v.hidden !== undefined) value.hidden = v.hidden;
    value.position = values.length + 1;
    values.push(value);
  }
  return values;
}

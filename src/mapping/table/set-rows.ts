import type { TableSource } from '../../extract/types.js';
import type { DataIssue } from '../../model/data-issue.js';
import type { MoneyRules } from '../../model/money.js';
import type { DeclaredModifierSet, SetRows } from '../table-schema.js';
import { CompileContext } from './compile-context.js';
import { compileValue } from './compile-value.js';
import { reportDuplicateHeaders } from './duplicate-headers.js';
import { cellText as text, forEachSideRow, NO_CONTEXT } from './side-table-rows.js';
import { wholeNumber } from './sets-source.js';

// A table of the sets themselves, one row per set by its key (GrabFood's option groups sheet: its
// name, how many choices are required and allowed), for sets whose values come from another table.

type SetFields = Omit<DeclaredModifierSet, 'values'>;

export async function readSetRows(
  spec: SetRows,
  source: TableSource,
  params: Readonly<Record<string, string | undefined>>,
  money: MoneyRules,
): Promise<{ sets: Map<string, SetFields>; issues: DataIssue[]; rows: number }> {
  const ctx = CompileContext.forSource(source, params, money);
  const key = compileValue(spec.key, ctx, 'modifier_sets.from.set_rows.key').fn;
  const field = (name: 'name' | 'ext_id' | 'min' | 'max') => {
    const s = spec[name];
    return s === undefined ? undefined : compileValue(s, ctx, `modifier_sets.from.set_rows.${name}`).fn;
  };
  const [name, extId, min, max] = [field('name'), field('ext_id'), field('min'), field('max')];
  reportDuplicateHeaders(ctx);
  const sets = new Map<string, SetFields>();
  const firstRow = new Map<string, number>();
  const rows = await forEachSideRow(source, ctx, (cells, row) => {
    const id = text(key(cells, NO_CONTEXT));
    if (id === undefined) {
      ctx.rowIssue('missing-value', 'error', 'modifier_sets.from.set_rows.key is empty: set left out');
      return;
    }
    const first = firstRow.get(id);
    if (first !== undefined) {
      ctx.rowIssue('duplicate-ext-id', 'error', `set "${id}" already at row ${first}: left out`);
      return;
    }
    firstRow.set(id, row);
    const fields: SetFields = {};
    const n = name && text(name(cells, NO_CONTEXT));
    if (n) fields.name = n;
    const e = extId && text(extId(cells, NO_CONTEXT));
    if (e) fields.ext_id = e;
    const lo = min && wholeNumber(min(cells, NO_CONTEXT), 'modifier_sets.from.set_rows.min', ctx);
    if (lo !== undefined) fields.min = lo;
    const hi = max && wholeNumber(max(cells, NO_CONTEXT), 'modifier_sets.from.set_rows.max', ctx);
    if (hi !== undefined) fields.max = hi;
    sets.set(id, fields);
  });
  return { sets, issues: [...source.issues, ...ctx.issues], rows };
}

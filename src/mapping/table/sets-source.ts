import type { TableSource } from '../../extract/types.js';
import type { DataIssue } from '../../model/data-issue.js';
import {
  DEFAULT_MONEY_RULES,
  implausiblePriceMessage,
  isImplausiblePrice,
  type MoneyRules,
} from '../../model/money.js';
import type { DeclaredModifierSet, ModifierSetsFrom } from '../table-schema.js';
import type { ValueSpec } from '../value-schema.js';
import type { Scalar } from '../types.js';
import { CompileContext, type CompiledValue } from './compile-context.js';
import { compileValue } from './compile-value.js';
import { reportDuplicateHeaders } from './duplicate-headers.js';
import { cellText as text, forEachSideRow, NO_CONTEXT } from './side-table-rows.js';
import type { LinkChain } from './link-chain.js';
import type { CellValue } from '../../extract/types.js';

// Exports such as Clover's keep modifier groups in a second table (another sheet or file): one row
// per option value, naming its group. Read whole before the items stream (a few hundred rows).

export interface SetsFromSource {
  sets: Record<string, DeclaredModifierSet>;
  issues: DataIssue[];
  rows: number;
}

export async function readSetsSource(
  spec: ModifierSetsFrom,
  source: TableSource,
  params: Readonly<Record<string, string | undefined>>,
  money: MoneyRules = DEFAULT_MONEY_RULES,
  /** `from.links`: the sets a row belongs to, reached from its key through link tables. */
  links?: LinkChain,
): Promise<SetsFromSource> {
  const ctx = CompileContext.forSource(source, params, money);

  const field = (s: ValueSpec | undefined, name: string): CompiledValue | undefined =>
    s === undefined ? undefined : compileValue(s, ctx, `modifier_sets.from.${name}`).fn;
  const set = field(spec.set, 'set');
  const linkKey = spec.links ? field(spec.links.key, 'links.key') : undefined;
  const name = field(spec.name, 'name') as CompiledValue;
  const price = field(spec.price, 'price');
  const extId = field(spec.ext_id, 'ext_id');
  const hidden = field(spec.hidden, 'hidden');
  const setName = field(spec.set_name, 'set_name');
  const setExtId = field(spec.set_ext_id, 'set_ext_id');
  const min = field(spec.min, 'min');
  const max = field(spec.max, 'max');
  reportDuplicateHeaders(ctx);

  const sets: Record<string, DeclaredModifierSet> = {};
  const seen = new Map<string, number>();
  const rows = await forEachSideRow(source, ctx, (cells, row) => {
    const valueName = text(name(cells, NO_CONTEXT));
    const setKeys = setsOfRow(cells, ctx, set, linkKey, links, valueName);
    for (const setKey of setKeys) {
      if (valueName === undefined) {
        ctx.rowIssue(
          'missing-value',
          'error',
          `modifier_sets.from.name is empty in set "${setKey}": left out`,
        );
        continue;
      }
      const first = seen.get(`${setKey.toLowerCase()}\u0000${valueName.toLowerCase()}`);
      if (first !== undefined) {
        ctx.rowIssue(
          'duplicate-ext-id',
          'error',
          `option value "${valueName}" of set "${setKey}" already at row ${first}: left out`,
        );
        continue;
      }
      seen.set(`${setKey.toLowerCase()}\u0000${valueName.toLowerCase()}`, row);
      const target = (sets[setKey] ??= { values: [] });
      const amount = price ? price(cells, NO_CONTEXT) : null;
      if (typeof amount === 'number' && isImplausiblePrice(amount, money.limit)) {
        ctx.rowIssue(
          'bad-price',
          'error',
          `modifier_sets.from.price: ${implausiblePriceMessage(amount, undefined, money.limit)}`,
        );
        continue;
      }
      if (amount !== null && typeof amount !== 'number') {
        ctx.rowIssue(
          'bad-price',
          'error',
          `modifier_sets.from.price: "${String(amount)}" is not a number (add the money transform)`,
        );
      }
      const flag = hidden ? hidden(cells, NO_CONTEXT) : null;
      const id = extId ? text(extId(cells, NO_CONTEXT)) : undefined;
      target.values.push({
        name: valueName,
        ...(typeof amount === 'number' ? { price: amount } : {}),
        ...(id !== undefined ? { ext_id: id } : {}),
        ...(typeof flag === 'boolean' ? { hidden: flag } : {}),
      });
      if (setName && target.name === undefined) {
        const v = text(setName(cells, NO_CONTEXT));
        if (v !== undefined) target.name = v;
      }
      if (setExtId && target.ext_id === undefined) {
        const v = text(setExtId(cells, NO_CONTEXT));
        if (v !== undefined) target.ext_id = v;
      }
      if (min && target.min === undefined) {
        const v = wholeNumber(min(cells, NO_CONTEXT), 'modifier_sets.from.min', ctx);
        if (v !== undefined) target.min = v;
      }
      if (max && target.max === undefined) {
        const v = wholeNumber(max(cells, NO_CONTEXT), 'modifier_sets.from.max', ctx);
        if (v !== undefined) target.max = v;
      }
    }
  });
  return { sets, issues: [...source.issues, ...ctx.issues], rows };
}

/** The sets a row's value belongs to: the one `set` names, or every one its links reach. */
function setsOfRow(
  cells: readonly CellValue[],
  ctx: CompileContext,
  set: CompiledValue | undefined,
  linkKey: CompiledValue | undefined,
  links: LinkChain | undefined,
  valueName: string | undefined,
): string[] {
  if (set) {
    const setKey = text(set(cells, NO_CONTEXT));
    if (setKey === undefined)
      ctx.rowIssue('missing-value', 'error', 'modifier_sets.from.set is empty: option value left out');
    return setKey === undefined ? [] : [setKey];
  }
  const key = linkKey ? text(linkKey(cells, NO_CONTEXT)) : undefined;
  if (key === undefined || !links) {
    ctx.rowIssue('missing-value', 'error', 'modifier_sets.from.links.key is empty: option value left out');
    return [];
  }
  const keys = links.follow(key);
  if (keys.length === 0)
    ctx.rowIssue(
      'unknown-reference',
      'warning',
      `option value "${valueName ?? key}" (${key}) is in no set: no link reaches it, left out`,
    );
  return keys;
}

/** min/max: a whole number >= 0 (CSV gives text); anything else is reported and left out. */
export function wholeNumber(v: Scalar, field: string, ctx: CompileContext): number | undefined {
  if (v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  if (Number.isInteger(n) && n >= 0) return n;
  ctx.rowIssue('bad-number', 'warning', `${field}: "${String(v)}" is not a whole number, left out`);
  return undefined;
}

import { OPTION_NAMES } from '../../model/setting-names.js';
import type { TableSource } from '../../extract/types.js';
import type { TableMapping } from '../schema.js';
import type { ExtractResultParts } from '../types.js';
import { moneyRules } from '../../model/currency.js';
import { CompileContext } from './compile-context.js';
import { compileTable } from './compile.js';
import type { LinkChain } from './link-chain.js';
import { reportDuplicateHeaders } from './duplicate-headers.js';
import { MenuAssembler } from './assembler.js';
import { ShortRecords } from './short-records.js';
import { streamRows } from './stream-rows.js';
import { DEFAULT_UNPRICED } from '../unpriced.js';
import { fallbackNote, productIdSourceNote, singleVariantNote } from '../notes.js';

/**
 * Runs a table mapping over one opened source: compile against the header once, stream the rows
 * into the menu. Validation and money rounding are the caller's (extract-menu.ts).
 */
export async function runTableMapping(
  mapping: TableMapping,
  source: TableSource,
  params: Readonly<Record<string, string | undefined>>,
  /** The run's date, for scheduled sale prices. */
  now: Date = new Date(),
  /** `modifier_sets.links`, read before the rows stream. */
  setLinks?: LinkChain,
  /** How the caller names the mapping parameters in messages. */
  paramsName: string = OPTION_NAMES.params,
): Promise<ExtractResultParts & { params: Record<string, string> }> {
  const ctx = CompileContext.forSource(source, params, moneyRules(mapping.money));

  const table = compileTable(mapping.table, ctx, setLinks);
  reportDuplicateHeaders(ctx);
  const skipped = new Map<string, number>();
  const group = mapping.table.group;
  const extIdIsGroupKey =
    table.grouping.by === 'key' &&
    group?.key !== undefined &&
    JSON.stringify(group.key) === JSON.stringify(mapping.table.product.ext_id);
  const assembler = new MenuAssembler(
    table,
    ctx,
    skipped,
    extIdIsGroupKey,
    mapping.unpriced ?? DEFAULT_UNPRICED,
    now,
  );
  const rows = await streamRows(source.batches, table, ctx, assembler, new ShortRecords(source, ctx));
  const menu = assembler.menu();

  const sets = table.modifierSets;
  if (sets && sets.undeclared !== 'ignore') {
    const param = mapping.table.modifier_sets?.sets_param;
    const how = param
      ? `declare its options in a file given with ${paramsName} ${param}=FILE`
      : 'declare its options under modifier_sets.sets';
    for (const [name, use] of sets.undeclaredUse) {
      const products = `${use.products} product${use.products === 1 ? '' : 's'}`;
      ctx.headerIssue(
        'unknown-reference',
        sets.undeclared === 'error' ? 'error' : 'warning',
        `modifier set "${name}" is used by ${products} but its options are not in the export: not attached; ${how}`,
        use.header,
      );
    }
  }
  return {
    menu,
    issues: [...source.issues, ...ctx.issues],
    skipped: [...skipped].map(([reason, count]) => ({ reason, count })),
    notes: [
      ...assembler.saleNotes,
      ...(assembler.singleVariant ? [singleVariantNote(assembler.singleVariant)] : []),
      ...(assembler.fallback ? [fallbackNote(assembler.fallback)] : []),
      ...ctx.notes,
      ...optional(table.product.extIdSources && productIdSourceNote(table.product.extIdSources)),
    ],
    rows,
    // MenuAssembler.head drops a product whose ext_id is taken (or groups it with the first).
    productIdsUnique: true,
    params: ctx.fixedParams(),
  };
}

function optional<T>(item: T | undefined): T[] {
  return item === undefined ? [] : [item];
}

import type { TableSource } from '../../extract/types.js';
import type { TableMapping } from '../schema.js';
import type { ExtractResultParts } from '../types.js';
import { HeaderIndex, type ParamBindings } from './columns.js';
import { CompileContext } from './compile-context.js';
import { compileTable } from './compile.js';
import { groupRows } from './group-rows.js';
import { MenuBuilder } from './build-menu.js';

/**
 * Runs a table mapping over one opened source: compile against the header once, stream and group
 * the rows, build the menu. Validation and money rounding are the caller's (extract-menu.ts).
 */
export async function runTableMapping(
  mapping: TableMapping,
  source: TableSource,
  params: Readonly<Record<string, string | undefined>>,
): Promise<ExtractResultParts & { params: Record<string, string> }> {
  const bindings: ParamBindings = new Map(Object.entries(params));
  const ctx = new CompileContext(
    new HeaderIndex(source.headers),
    bindings,
    source.file,
    source.sheet,
    source.headerRow,
  );
  const table = compileTable(mapping.table, ctx);
  const grouped = await groupRows(source.records, table, ctx);
  const builder = new MenuBuilder(table, ctx, grouped.skipped);
  for (const group of grouped.groups) builder.addGroup(group);

  const sets = table.modifierSets;
  if (sets && sets.undeclared !== 'ignore') {
    for (const [name, use] of sets.undeclaredUse) {
      ctx.headerIssue(
        'unknown-reference',
        sets.undeclared === 'error' ? 'error' : 'warning',
        `modifier set "${name}" is used by ${use.products} product${use.products === 1 ? '' : 's'} but its options are not in the export; declare it under modifier_sets.sets to attach it`,
        use.header,
      );
    }
  }
  return {
    menu: builder.menu(),
    issues: [...source.issues, ...ctx.issues],
    skipped: [...grouped.skipped].map(([reason, count]) => ({ reason, count })),
    rows: grouped.rows,
    params: ctx.fixedParams(),
  };
}

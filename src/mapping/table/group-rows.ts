import type { TableRecord } from '../../extract/types.js';
import type { CompileContext } from './compile-context.js';
import type { CompiledTable } from './compile.js';

/** One product's rows: the head gives the product, the rest (and maybe the head) its variants. */
export interface RowGroup {
  head: TableRecord;
  children: TableRecord[];
}

export interface GroupedRows {
  groups: RowGroup[];
  rows: number;
  skipped: Map<string, number>;
}

export function countSkip(skipped: Map<string, number>, reason: string, n = 1): void {
  skipped.set(reason, (skipped.get(reason) ?? 0) + n);
}

/**
 * Streams the records once: row-scope skips, then grouping. Groups keep the order in which they
 * first appear. Per-row work is a few compiled closures and one Map lookup.
 */
export async function groupRows(
  records: AsyncIterable<TableRecord>,
  table: CompiledTable,
  ctx: CompileContext,
): Promise<GroupedRows> {
  const rowSkips = table.skips.filter((s) => s.scope === 'row');
  const skipped = new Map<string, number>();
  const groups: RowGroup[] = [];
  const byKey = new Map<string, RowGroup>();
  const orphans: { record: TableRecord; parent: string }[] = [];
  const { by, key, keys } = table.grouping;
  const noContext = {};
  let current: RowGroup | undefined;
  let rows = 0;

  outer: for await (const record of records) {
    rows++;
    const cells = record.cells;
    for (const skip of rowSkips) {
      if (skip.test(cells)) {
        countSkip(skipped, skip.reason);
        continue outer;
      }
    }
    ctx.cursor.row = record.row;
    if (by === 'none' || !key) {
      groups.push({ head: record, children: [] });
      continue;
    }
    const k = key(cells, noContext);
    const text = k === null ? '' : String(k);
    if (by === 'key') {
      if (text === '') {
        ctx.rowIssue('missing-value', 'error', 'group.key is empty: the row belongs to no product');
        continue;
      }
      const group = byKey.get(text);
      if (group) group.children.push(record);
      else {
        const created = { head: record, children: [] };
        byKey.set(text, created);
        groups.push(created);
      }
    } else if (by === 'continuation') {
      if (text !== '') {
        current = { head: record, children: [] };
        groups.push(current);
      } else if (current) current.children.push(record);
      else ctx.rowIssue('unknown-parent', 'error', 'continuation row before any product row');
    } else if (text === '') {
      // by: parent, a product head: registered under each of its keys.
      const created = { head: record, children: [] };
      groups.push(created);
      for (const keyFn of keys ?? []) {
        const id = keyFn(cells, noContext);
        if (id !== null && id !== '' && !byKey.has(String(id))) byKey.set(String(id), created);
      }
    } else orphans.push({ record, parent: text });
  }

  // Children may come before their parent (WooCommerce exports are not ordered), so resolve last.
  for (const { record, parent } of orphans) {
    const group = byKey.get(parent);
    if (group) group.children.push(record);
    else {
      ctx.cursor.row = record.row;
      ctx.rowIssue('unknown-parent', 'error', `parent "${parent}" is not a product in this file`);
    }
  }
  return { groups, rows, skipped };
}

import type { TableRecord } from '../../extract/types.js';
import { isOpen, type ClosedGroup, type MenuAssembler, type OpenProduct } from './assembler.js';
import type { CompileContext } from './compile-context.js';
import type { CompiledTable } from './compile.js';
import { KeyIndex } from './key-index.js';
import type { ShortRecords } from './short-records.js';

type Group = OpenProduct | ClosedGroup;

/**
 * Streams the records once: row-scope skips, then grouping, handing each row to the assembler as
 * it arrives. Only WooCommerce-style children that come before their parent are held back.
 * Records come in batches (one CSV chunk's worth) so a whole batch is handled without an await.
 */
export async function streamRows(
  batches: AsyncIterable<readonly TableRecord[]>,
  table: CompiledTable,
  ctx: CompileContext,
  assembler: MenuAssembler,
  short: ShortRecords,
): Promise<number> {
  const rowSkips = table.skips.filter((s) => s.scope === 'row');
  const byKey = new KeyIndex<Group>();
  const orphans: { record: TableRecord; parent: string }[] = [];
  const { by, key, keys } = table.grouping;
  const noContext = {};
  let current: Group | undefined;
  let rows = 0;

  const child = (group: Group, record: TableRecord) => {
    if (isOpen(group)) assembler.variant(group, record);
    else if ('skipped' in group) assembler.countSkip(group.skipped);
  };

  for await (const batch of batches) {
    outer: for (const record of batch) {
      rows++;
      const cells = record.cells;
      if (isBlank(cells)) {
        // `,,,,` rows that spreadsheets write at the end are blank lines, not products missing a key.
        assembler.countSkip('blank-row');
        continue;
      }
      // Before the skip rules: a cut row can look like one they skip (Shopify's image-only rows).
      if (short.isCut(record)) continue;
      // A condition reports a flag it cannot read (bad-boolean) at this row.
      ctx.cursor.row = record.row;
      for (const skip of rowSkips) {
        if (skip.test(cells)) {
          assembler.countSkip(skip.reason);
          if (skip.report) {
            ctx.rowIssue(skip.report, 'warning', `row skipped by rule "${skip.reason}"`);
          }
          continue outer;
        }
      }
      if (by === 'none' || !key) {
        assembler.head(record);
        continue;
      }
      ctx.cursor.row = record.row;
      const k = key(cells, noContext);
      const text = k === null ? '' : String(k);
      if (by === 'key') {
        if (text === '') {
          ctx.rowIssue('missing-value', 'error', 'group.key is empty: the row belongs to no product');
          continue;
        }
        const group = byKey.get(text);
        if (group) child(group, record);
        else byKey.add(text, assembler.head(record));
      } else if (by === 'continuation') {
        if (text !== '') current = assembler.head(record);
        else if (current) child(current, record);
        else ctx.rowIssue('unknown-parent', 'error', 'continuation row before any product row');
      } else if (text === '') {
        // by: parent, a product head, registered under each of its keys.
        const group = assembler.head(record);
        for (const keyFn of keys ?? []) {
          const id = keyFn(cells, noContext);
          if (id !== null && id !== '' && !byKey.has(String(id))) byKey.add(String(id), group);
        }
      } else {
        const group = byKey.get(text);
        if (group) child(group, record);
        else orphans.push({ record, parent: text });
      }
    }
  }

  short.finish();
  // Children may come before their parent (WooCommerce exports are not ordered), so resolve last.
  for (const { record, parent } of orphans) {
    const group = byKey.get(parent);
    if (group) child(group, record);
    else {
      ctx.cursor.row = record.row;
      ctx.rowIssue('unknown-parent', 'error', `parent "${parent}" is not a product in this file`);
    }
  }
  return rows;
}

/** True when every cell is empty; stops at the first non-empty cell (usually the first). */
function isBlank(cells: TableRecord['cells']): boolean {
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    if (c === null || c === undefined || c === '') continue;
    if (typeof c === 'string' && c.trim() === '') continue;
    return false;
  }
  return true;
}

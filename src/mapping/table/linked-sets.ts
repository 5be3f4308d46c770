import type { TableSource } from '../../extract/types.js';
import type { MoneyRules } from '../../model/money.js';
import type { ModifierSetsFrom } from '../table-schema.js';
import { LinkChain } from './link-chain.js';
import { readSetRows } from './set-rows.js';
import { readSetsSource, type SetsFromSource } from './sets-source.js';

/**
 * `modifier_sets.from` with what surrounds it: the link tables that put each value row in its sets
 * (`from.links`), and the table of the sets themselves (`from.set_rows`), whose fields fill in what
 * the value rows do not say. All read before the items stream.
 */
export async function readLinkedSets(
  from: ModifierSetsFrom,
  source: TableSource,
  tables: ReadonlyMap<string, TableSource>,
  params: Readonly<Record<string, string | undefined>>,
  money: MoneyRules,
): Promise<SetsFromSource> {
  const links = from.links
    ? await LinkChain.read(from.links, 'modifier_sets.from.links', tables, params, money)
    : undefined;
  const rowsSource = from.set_rows ? tables.get(from.set_rows.source) : undefined;
  const setRows =
    from.set_rows && rowsSource ? await readSetRows(from.set_rows, rowsSource, params, money) : undefined;
  const read = await readSetsSource(from, source, params, money, links);
  const issues = [...(setRows?.issues ?? []), ...read.issues];
  const rows = read.rows + (links?.rows ?? 0) + (setRows?.rows ?? 0);
  if (setRows) {
    for (const [key, fields] of setRows.sets) {
      const set = read.sets[key];
      // The value rows' own set fields (set_name, min, max) win over the table of sets.
      if (set) read.sets[key] = { ...fields, ...set };
    }
  }
  if (links)
    issues.push(...links.finish('option value', setRows ? new Set(setRows.sets.keys()) : undefined, 'set'));
  return { sets: read.sets, issues, rows };
}

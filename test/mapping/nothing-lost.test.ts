import { describe, expect, it } from 'vitest';
import { HEADER, runInline } from './helpers.js';

// Issue 3, "nothing lost, nothing silent": every row either becomes part of the menu, is counted
// as a skip, or yields a located issue.

const mapping = (table: string) => `${HEADER}sources: { items: { format: csv } }
kind: table
table:
  source: items
${table}`;

const located = (r: { issues: { code: string; severity: string; location: { row?: number } }[] }) =>
  r.issues.map((i) => [i.code, i.severity, i.location.row]);

describe('rows joining a product when the mapping has no variants', () => {
  it('reports the joining row as a located duplicate-ext-id error naming the first row', async () => {
    const csv = ['Handle,Name,Cat,Size,Price', 'a,A,X,S,1', 'b,B,X,S,2', 'a,A dup,Y,L,5'].join('\n');
    const result = await runInline(
      mapping(`  group: { by: key, key: "{Handle}" }
  product: { ext_id: "{Handle}", name: { column: Name }, price: { column: Price, transforms: [money] } }
`),
      { 'items.csv': csv },
    );
    expect(result.menu.products.map((p) => [p.ext_id, p.name, p.price])).toEqual([
      ['a', 'A', 1],
      ['b', 'B', 2],
    ]);
    expect(located(result)).toEqual([['duplicate-ext-id', 'error', 4]]);
    expect(result.issues[0]?.message).toContain('row 4 joins product "a" (first seen at row 2)');
    expect(result.stats.errors).toBe(1);
  });
});

describe('all-empty records', () => {
  it('counts ,,,, rows (Excel writes them at the end) as blank-row skips, with no issue', async () => {
    const csv = ['Handle,Name,Price', 'a,A,1', ',,', 'b,B,2', ',,', ' , ,'].join('\n');
    const result = await runInline(
      mapping(`  group: { by: key, key: "{Handle}" }
  product: { ext_id: "{Handle}", name: { column: Name }, price: { column: Price, transforms: [money] } }
`),
      { 'items.csv': csv },
    );
    expect(result.issues).toEqual([]);
    expect(result.skipped).toEqual([{ reason: 'blank-row', count: 3 }]);
    expect(result.menu.products.map((p) => p.ext_id)).toEqual(['a', 'b']);
  });
});

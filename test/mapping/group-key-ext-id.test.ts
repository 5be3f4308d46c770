import { describe, expect, it } from 'vitest';
import { HEADER, runInline } from './helpers.js';

const mapping = (extId: string) => `${HEADER}sources:
  items: { format: csv }
kind: table
table:
  source: items
  group: { by: key, key: '{Handle}' }
  product: { ext_id: '${extId}', name: { column: Name } }
  category: { name: { value: Menu } }
`;

describe('product ext_ids when rows are grouped by key', () => {
  it('joins rows of one key into one product even when they are apart, reporting the joining row (no variants)', async () => {
    const csv = ['Handle,Name', 'latte,Latte', 'mocha,Mocha', 'latte,Latte again'].join('\n');
    const result = await runInline(mapping('{Handle}'), { 'items.csv': csv });
    // The mapping has no variants, so row 4 has nowhere to go: one located error, not a silent drop.
    // (The mapping maps no price: its products are hidden as unpriced, said apart.)
    expect(
      result.issues.filter((i) => i.code !== 'unpriced').map((i) => [i.code, i.location.row, i.message]),
    ).toEqual([
      [
        'duplicate-ext-id',
        4,
        'row 4 joins product "latte" (first seen at row 2) but the mapping has no variants: row left out',
      ],
    ]);
    expect(result.menu.products.map((p) => [p.ext_id, p.name])).toEqual([
      ['latte', 'Latte'],
      ['mocha', 'Mocha'],
    ]);
  });

  it('still reports two keys that give one ext_id', async () => {
    const csv = ['Handle,Name', 'Hot Tea,Tea', 'hot-tea,Tea again'].join('\n');
    const result = await runInline(mapping('{slug(Handle)}'), { 'items.csv': csv });
    expect(result.issues.filter((i) => i.code !== 'unpriced').map((i) => [i.code, i.location.row])).toEqual([
      ['duplicate-ext-id', 3],
    ]);
    expect(result.menu.products.map((p) => p.ext_id)).toEqual(['hot-tea']);
  });
});

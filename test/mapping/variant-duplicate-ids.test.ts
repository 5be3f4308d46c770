import { describe, expect, it } from 'vitest';
import { HEADER, runInline } from './helpers.js';

const MAPPING = `${HEADER}sources: { items: { format: csv } }
kind: table
table:
  source: items
  group: { by: handle, key: "{Handle}" }
  product: { ext_id: "{Handle}", name: "{Name}" }
  variants: { option: { name: { value: Size } }, value: { ext_id: "{Handle}-{Size}", name: "{Size}", price: { column: Price, transforms: [money] } } }
  category: { name: { value: Menu } }
`;

describe('variant ext_ids within a product', () => {
  it('leaves out a repeated id among few variants and among many, each at its row', async () => {
    const sizes = ['s1', 's2', 's3', 's1', 's4', 's5', 's6', 's7', 's8', 's9', 's2', 's10'];
    const csv = ['Handle,Name,Size,Price', ...sizes.map((s, i) => `a,${i === 0 ? 'A' : ''},${s},${i + 1}`)];
    const result = await runInline(MAPPING, { 'items.csv': `${csv.join('\n')}\n` });
    expect(result.issues.map((i) => [i.code, i.location.row, i.message])).toEqual([
      ['duplicate-ext-id', 5, 'variant ext_id "a-s1" appears twice in "a"'],
      ['duplicate-ext-id', 12, 'variant ext_id "a-s2" appears twice in "a"'],
    ]);
    const values = result.menu.products[0]?.options?.[0]?.option_values ?? [];
    expect(values.map((v) => [v.ext_id, v.position, v.price_operand])).toEqual(
      ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9', 's10'].map((s, i) => [
        `a-${s}`,
        i + 1,
        [0, 1, 2, 4, 5, 6, 7, 8, 9, 11][i],
      ]),
    );
  });
});

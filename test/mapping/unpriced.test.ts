import { describe, expect, it } from 'vitest';
import { loadDocumentMapping, runOn } from '../mapping-document/run-mapping.js';
import { unpricedReason } from '../../src/mapping/unpriced.js';
import { HEADER, runInline } from './helpers.js';

// A visible product without a real price is never sellable silently: the mapping's `unpriced`
// decides (hide by default, skip, or error), and every case is a located `unpriced` issue.

const table = (unpriced: string) => `${HEADER}${unpriced}sources: { items: { format: csv } }
kind: table
table:
  source: items
  group: { by: key, key: '{Handle}' }
  product: { ext_id: '{Handle}', name: { column: Title }, price: { column: Price, transforms: [money] } }
  variants:
    value: { name: { column: Size }, price: { column: Price, transforms: [money] } }
  category: { name: { value: Menu } }
`;

const CSV = 'Handle,Title,Size,Price\ntea,Tea,S,2\ntea,,M,variable\nfree,Free bag,,0\ncake,Cake,,4\n';
// The `variable` price of row 3 has its own bad-price issue, which says what became of the variant.
const codes = (issues: { severity: string; message: string; location: { row?: number } }[]) =>
  issues.filter((i) => i.message.includes('(unpriced: ')).map((i) => [i.severity, i.location.row]);

describe('unpriced products and variants in table mode', () => {
  it('hides them by default, each with a located warning', async () => {
    const result = await runInline(table(''), { 'items.csv': CSV });
    expect(codes(result.issues)).toEqual([
      ['warning', 3],
      ['warning', 4],
    ]);
    expect(result.issues.find((i) => i.location.row === 4)?.message).toBe(
      'product "Free bag" (free) is priced 0.00 and no required option carries a price: hidden (unpriced: hide)',
    );
    expect(result.menu.products.map((p) => [p.ext_id, p.hidden === true])).toEqual([
      ['tea', false],
      ['free', true],
      ['cake', false],
    ]);
    expect(result.menu.products[0]?.options?.[0]?.option_values?.map((v) => v.hidden === true)).toEqual([
      false,
      true,
    ]);
  });

  it('leaves them out and counts them with `unpriced: skip`', async () => {
    const result = await runInline(table('unpriced: skip\n'), { 'items.csv': CSV });
    expect(codes(result.issues)).toEqual([
      ['warning', 3],
      ['warning', 4],
    ]);
    expect(result.menu.products.map((p) => p.ext_id)).toEqual(['tea', 'cake']);
    expect(result.menu.products[0]?.options?.[0]?.option_values?.map((v) => v.name)).toEqual(['S']);
    expect(result.skipped).toContainEqual({ reason: 'unpriced', count: 2 });
  });

  it('is an error with `unpriced: error`, so extract fails', async () => {
    const result = await runInline(table('unpriced: error\n'), { 'items.csv': CSV });
    expect(codes(result.issues)).toEqual([
      ['error', 3],
      ['error', 4],
    ]);
    expect(result.stats.errors).toBe(2);
  });

  it('rejects any other value at load, with its line', async () => {
    await expect(runInline(table('unpriced: free\n'), { 'items.csv': CSV })).rejects.toThrow(
      /inline\.yaml:5/,
    );
  });
});

describe('unpriced products in document mode', () => {
  const square = loadDocumentMapping('square-catalog-api');
  const item = (id: string, amount: number | undefined) => ({
    type: 'ITEM',
    id,
    item_data: {
      name: `Item ${id}`,
      category_id: 'C',
      variations: [
        {
          id: `${id}-V`,
          item_variation_data: {
            name: 'Regular',
            ...(amount === undefined ? {} : { price_money: { amount } }),
          },
        },
      ],
    },
  });
  const document = [
    { type: 'CATEGORY', id: 'C', category_data: { name: 'Ice cream' } },
    item('A', 0),
    item('B', 350),
  ];

  it('follows the mapping: skip leaves the product out and counts it', () => {
    const parts = runOn({ ...square, unpriced: 'skip' }, document);
    expect(parts.menu.products.map((p) => [p.ext_id, p.position])).toEqual([['B', 1]]);
    expect(parts.skipped).toContainEqual({ reason: 'unpriced', count: 1 });
    expect(parts.issues.map((i) => [i.code, i.location.path])).toEqual([['unpriced', '$[1]']]);
  });
});

describe('what counts as a real price', () => {
  const option = (operands: number[], min = 1) => ({
    ext_id: 'size',
    min_selectable: min,
    option_values: operands.map((n, i) => ({ ext_id: `v${i}`, price_operand: n })),
  });

  it.each([
    ['a price above 0', { ext_id: 'p', price: 2 }, undefined],
    ['no price', { ext_id: 'p' }, 'has no price'],
    ['0 and no option', { ext_id: 'p', price: 0 }, 'is priced 0.00 and no required option carries a price'],
    [
      '0 and a required option whose every value adds a price',
      { ext_id: 'p', price: 0, options: [option([1, 2])] },
      undefined,
    ],
    [
      '0 and a required option with a free value',
      { ext_id: 'p', price: 0, options: [option([0, 2])] },
      'is priced 0.00 and no required option carries a price',
    ],
    ['no price and an optional priced option', { ext_id: 'p', options: [option([1], 0)] }, 'has no price'],
    ['hidden, whatever its price', { ext_id: 'p', hidden: true }, undefined],
  ])('%s', (_name, product, reason) => {
    expect(unpricedReason(product)).toBe(reason);
  });
});

import { describe, expect, it } from 'vitest';
import { HEADER, runInline } from './helpers.js';

// A price of 1,000,000 or more is a located bad-price error that names the product and its row,
// whether the money transform read it or a number reached the field without one.

const mapping = (price: string) => `${HEADER}sources: { items: { format: csv } }
kind: table
table:
  source: items
  group: { by: key, key: '{Handle}' }
  product: { ext_id: '{Handle}', name: { column: Name }, price: ${price} }
  variants:
    value: { name: { column: Size }, price: ${price} }
  category: { name: { value: Menu } }
`;

describe('an implausible price in table mode', () => {
  it('names the product, the variant, the row and the column (money transform)', async () => {
    const csv = 'Handle,Name,Size,Price\ntea,Tea,S,2.50\ntea,,L,2500000\npie,Pie,,1e3\n';
    const result = await runInline(mapping('{ column: Price, transforms: [money] }'), { 'items.csv': csv });
    expect(
      result.issues.map((i) => [i.severity, i.code, i.location.row, i.location.column, i.message]),
    ).toEqual([
      [
        'error',
        'bad-price',
        3,
        'Price',
        'variants.value.price of "Tea / L": implausible price 2500000 (1,000,000 or more; a misread cell?): left out; variant "L" of product "Tea" (tea) has no price of its own: hidden (unpriced: hide)',
      ],
      // Left without a price, the variant and the product are hidden (unpriced: hide): said once.
      [
        'error',
        'bad-price',
        4,
        'Price',
        'variants.value.price of "Pie": not a price: "1e3"; product "Pie" (pie) has no price: hidden (unpriced: hide)',
      ],
    ]);
    expect(result.stats.errors).toBe(2);
  });

  it('is caught for a number that reached the price without the money transform', async () => {
    const result = await runInline(mapping('{ value: 1500000 }'), {
      'items.csv': 'Handle,Name,Size\npie,Pie,\n',
    });
    expect(
      result.issues
        .filter((i) => i.code !== 'unpriced')
        .map((i) => [i.severity, i.code, i.location.row, i.message]),
    ).toEqual([
      [
        'error',
        'bad-price',
        2,
        'variants.value.price of "Pie": implausible price 1500000 (1,000,000 or more; a misread cell?): left out; product "Pie" (pie) has no price: hidden (unpriced: hide)',
      ],
    ]);
    expect(JSON.stringify(result)).not.toContain('NaN');
  });
});

import { describe, expect, it } from 'vitest';
import { HEADER, runInline } from './helpers.js';

// How table mode reports problems: once per cell, and naming what the user actually asked for.

const mapping = (table: string, extra = '') => `${HEADER}${extra}sources: { items: { format: csv } }
kind: table
table:
  source: items
${table}`;

describe('one problem per cell', () => {
  it('reports a bad cell read by a product field and a variant field once (row, column, code)', async () => {
    const csv = [
      'Handle,Name,Size,Price,Available',
      'tea,Tea,S,2,maybe',
      'tea,,L,3,Y',
      'pie,Pie,,4,perhaps',
    ].join('\n');
    const result = await runInline(
      mapping(`  group: { by: key, key: "{Handle}" }
  product:
    ext_id: "{Handle}"
    name: { column: Name }
    price: { column: Price, transforms: [money] }
    hidden: { column: Available, transforms: [{ boolean: { invert: true } }] }
  variants:
    value:
      name: { column: Size }
      price: { column: Price, transforms: [money] }
      hidden: { column: Available, transforms: [{ boolean: { invert: true } }] }
`),
      { 'items.csv': csv },
    );
    expect(result.issues.map((i) => [i.code, i.location.row, i.location.column])).toEqual([
      ['bad-boolean', 2, 'Available'],
      ['bad-boolean', 4, 'Available'],
    ]);
  });

  it('reports a variable price once when product.price and variants.value.price read the same cell', async () => {
    const csv = ['Handle,Name,Size,Price', 'fuel,Fuel,,variable', 'wash,Wash,S,5', 'wash,,L,variable'].join(
      '\n',
    );
    const result = await runInline(
      mapping(`  group: { by: key, key: "{Handle}" }
  product: { ext_id: "{Handle}", name: { column: Name }, price: { column: Price, transforms: [money] } }
  variants: { value: { name: { column: Size }, price: { column: Price, transforms: [money] } } }
`),
      { 'items.csv': csv },
    );
    expect(result.issues.map((i) => [i.code, i.severity, i.location.row])).toEqual([
      ['bad-price', 'warning', 2],
      ['bad-price', 'warning', 4],
    ]);
  });
});

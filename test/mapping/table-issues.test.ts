import { describe, expect, it } from 'vitest';
import { HEADER, runInline, withCategory } from './helpers.js';

// How table mode reports problems: once per cell, and naming what the user actually asked for.

const mapping = (table: string, extra = '') => `${HEADER}${extra}sources: { items: { format: csv } }
kind: table
table:
  source: items
${withCategory(table)}`;

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
    // Each price problem once, saying what became of the product and the variant.
    expect(result.issues.map((i) => i.message.endsWith('hidden (unpriced: hide)'))).toEqual([true, true]);
  });
});

describe('missing columns named as the user asked for them', () => {
  const stores = `parameters: { store: { description: Store } }\n`;
  const table = (priceSpec: string) => `  product:
    ext_id: "{Handle}"
    name: { column: Name }
    price: ${priceSpec}
    hidden: { column: { pattern: "Available [{store}]" }, transforms: [{ boolean: { invert: true } }] }
`;
  const csv = [
    'Handle,Name,Default price,Price [Chillo],Available [Chillo],Price [Hulhumale]',
    'tea,Tea,1,2,Y,3',
  ].join('\n');

  it('an unknown store given explicitly is an error listing the stores, not a silent fallback', async () => {
    const result = await runInline(
      mapping(
        table(
          '{ first_of: [{ column: { pattern: "Price [{store}]" } }, { column: Default price }], transforms: [money] }',
        ),
        stores,
      ),
      { 'items.csv': csv },
      { store: 'Nowhere' },
    );
    expect(result.issues.filter((i) => i.severity === 'error').map((i) => [i.code, i.message])).toEqual([
      [
        'missing-column',
        'no column "Price [Nowhere]" for parameter store = "Nowhere"; store values in this file: Chillo, Hulhumale',
      ],
      [
        'missing-column',
        'no column "Available [Nowhere]" for parameter store = "Nowhere"; store values in this file: Chillo',
      ],
    ]);
  });

  it('a known store, or none (the first store), still reads its columns with no issue', async () => {
    const spec =
      '{ first_of: [{ column: { pattern: "Price [{store}]" } }, { column: Default price }], transforms: [money] }';
    const given = await runInline(mapping(table(spec), stores), { 'items.csv': csv }, { store: 'chillo' });
    const wildcard = await runInline(mapping(table(spec), stores), { 'items.csv': csv });
    expect([given.issues, given.menu.products[0]?.price]).toEqual([[], 2]);
    expect([wildcard.issues, wildcard.menu.products[0]?.price]).toEqual([[], 2]);
  });

  it('shows the pattern with the parameter filled in when the file has no such column at all', async () => {
    const result = await runInline(
      mapping(table('{ column: Default price, transforms: [money] }'), stores),
      { 'items.csv': 'Handle,Name,Default price\ntea,Tea,1' },
      { store: 'Nowhere' },
    );
    expect(result.issues.map((i) => [i.code, i.message])).toEqual([
      ['missing-column', 'product.hidden: no column "Available [Nowhere]" in the header'],
    ]);
  });
});

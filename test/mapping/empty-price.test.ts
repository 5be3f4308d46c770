import { describe, expect, it } from 'vitest';
import { loadDocumentMapping, runOn } from '../mapping-document/run-mapping.js';
import { HEADER, runInline, withCategory } from './helpers.js';

// An empty price is a located missing-value warning in every mapping shape (docs/mapping-format.md):
// with or without variants, in table and document mode. A price cell with its own problem
// (`variable`, not a number) is not reported a second time. What becomes of the product or variant
// left without a price is the mapping's `unpriced` (default hide): the price's own issue says so, or
// an `unpriced` warning where the price had no issue of its own.

const table = (body: string) => `${HEADER}sources: { items: { format: csv } }
kind: table
table:
  source: items
${withCategory(body)}`;

const located = (issues: { severity: string; code: string; location: { row?: number; column?: string } }[]) =>
  issues.map((i) => [i.severity, i.code, i.location.row, i.location.column]);

const variantsAll = table(`  group: { by: key, key: '{Handle}' }
  product: { ext_id: '{Handle}', name: { column: Title }, price: { column: Price, transforms: [money] } }
  variants:
    value: { name: { column: Size }, price: { column: Price, transforms: [money] } }
`);

describe('an empty price in table mode', () => {
  it('is a warning at the row and price column for a product without variants', async () => {
    const result = await runInline(
      table(
        `  product: { ext_id: '{Handle}', name: { column: Title }, price: { column: Price, transforms: [money] } }\n`,
      ),
      { 'items.csv': 'Handle,Title,Price\ntea,Tea,2\npie,Pie,\n' },
    );
    expect(located(result.issues)).toEqual([['warning', 'missing-value', 3, 'Price']]);
    expect(result.issues[0]?.message).toBe(
      'product.price is empty: product "pie" has no price; product "Pie" (pie) has no price: hidden (unpriced: hide)',
    );
    expect(result.menu.products.map((p) => [p.ext_id, p.hidden])).toEqual([
      ['tea', undefined],
      ['pie', true],
    ]);
  });

  it('is a warning for a one-variant product when every row is a variant (Shopify, Loyverse, Square)', async () => {
    const result = await runInline(variantsAll, {
      'items.csv': 'Handle,Title,Size,Price\ntea,Tea,,2\npie,Pie,,\n',
    });
    expect(located(result.issues)).toEqual([['warning', 'missing-value', 3, 'Price']]);
    expect(result.issues[0]?.message).toMatch(
      /^variants.value.price is empty: product "pie" has no price; .*hidden/,
    );
    expect(result.menu.products.find((p) => p.ext_id === 'pie')).toMatchObject({ hidden: true });
    expect(result.menu.products.find((p) => p.ext_id === 'pie')?.price).toBeUndefined();
  });

  it('hides each variant whose price is empty, with a warning at its row', async () => {
    const csv = 'Handle,Title,Size,Price\ntea,Tea,S,2\ntea,,M,\ntea,,L,3\n';
    const result = await runInline(variantsAll, { 'items.csv': csv });
    expect(located(result.issues)).toEqual([['warning', 'unpriced', 3, 'Price']]);
    expect(result.issues[0]?.message).toBe(
      'variant "M" of product "Tea" (tea) has no price of its own: hidden (unpriced: hide)',
    );
    const values = result.menu.products[0]?.options?.[0]?.option_values;
    expect(values?.map((v) => [v.name, v.hidden, v.price_operand])).toEqual([
      ['S', undefined, 0],
      ['M', true, undefined],
      ['L', undefined, 1],
    ]);
  });

  it('is not reported twice for a variable price: its own warning says what became of the product', async () => {
    const result = await runInline(variantsAll, {
      'items.csv': 'Handle,Title,Size,Price\nfuel,Fuel,,variable\n',
    });
    expect(result.issues.map((i) => [i.code, i.message])).toEqual([
      [
        'bad-price',
        'variants.value.price of "Fuel": variable price: no fixed price, left out; product "Fuel" (fuel) has no price: hidden (unpriced: hide)',
      ],
    ]);
    expect(result.menu.products[0]).toMatchObject({ hidden: true });
  });

  it("raises the price's own warning to an error with `unpriced: error`", async () => {
    const result = await runInline(variantsAll.replace('kind: table', 'unpriced: error\nkind: table'), {
      'items.csv': 'Handle,Title,Size,Price\nfuel,Fuel,,variable\n',
    });
    expect(result.issues.map((i) => [i.severity, i.code])).toEqual([['error', 'bad-price']]);
    expect(result.stats.errors).toBe(1);
  });

  const children = table(`  group: { by: continuation, start: '{Title}' }
  product: { ext_id: '{Title}', name: { column: Title }, price: { column: Price, transforms: [money] } }
  variants:
    value: { name: { column: Variation }, price: { column: Price, transforms: [money] } }
`);

  it('is no problem on a child when the head row prices the product (rows: children)', async () => {
    const result = await runInline(children, { 'items.csv': 'Title,Variation,Price\nTea,,2\n,Large,\n' });
    expect(result.issues).toEqual([]);
    expect(result.menu.products[0]?.price).toBe(2);
  });

  it('is one warning, at the head, when neither the head nor its only child has a price', async () => {
    const result = await runInline(children, { 'items.csv': 'Title,Variation,Price\nTea,,\n,Large,\n' });
    expect(located(result.issues)).toEqual([['warning', 'missing-value', 2, 'Price']]);
  });
});

describe('a missing price in document mode', () => {
  const square = loadDocumentMapping('square-catalog-api');
  const item = (id: string, amounts: (number | undefined)[]) => ({
    type: 'ITEM',
    id,
    item_data: {
      name: `Item ${id}`,
      category_id: 'C',
      variations: amounts.map((amount, i) => ({
        type: 'ITEM_VARIATION',
        id: `${id}-V${i}`,
        item_variation_data: {
          name: `Size ${i}`,
          ...(amount === undefined ? {} : { price_money: { amount, currency: 'USD' } }),
        },
      })),
    },
  });
  const document = [
    { type: 'CATEGORY', id: 'C', category_data: { name: 'Ice cream' } },
    item('A', [300, undefined, 500]),
    item('B', [undefined]),
  ];

  it('is a warning for a product no variation prices; each variation without a price is judged', () => {
    const parts = runOn(square, document);
    expect(parts.issues.map((i) => [i.severity, i.code, i.location.path, i.message])).toEqual([
      [
        'warning',
        'unpriced',
        '$[1].item_data.variations[1]',
        'variant "Size 1" of "A" has no price of its own: hidden (unpriced: hide)',
      ],
      ['warning', 'missing-value', '$[2]', 'product "B" has no price'],
      ['warning', 'unpriced', '$[2]', 'product "Item B" (B) has no price: hidden (unpriced: hide)'],
    ]);
  });
});

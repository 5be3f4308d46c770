import { describe, expect, it } from 'vitest';
import { HEADER, runInline, withCategory } from './helpers.js';

const mapping = (table: string, extra = '') => `${HEADER}${extra}sources: { items: { format: csv } }
kind: table
table:
  source: items
${withCategory(table)}`;

describe('table mode grouping', () => {
  it('by: continuation: a non-empty start opens a product, the head is the product only', async () => {
    const csv = 'Item name,Variations,Price\nTea,,\n,Small,2.00\n,Large,3.00\nCake,,4.50\n';
    const result = await runInline(
      mapping(`  group: { by: continuation, start: "{Item name}" }
  product: { ext_id: "{slug(Item name)}", name: { column: Item name }, price: { column: Price, transforms: [money] } }
  variants:
    value: { name: { column: Variations }, price: { column: Price, transforms: [money] } }
`),
      { 'items.csv': csv },
    );
    expect(result.issues).toEqual([]);
    expect(
      result.menu.products.map((p) => [
        p.ext_id,
        p.price,
        p.options?.[0]?.option_values?.map((v) => v.price_operand),
      ]),
    ).toEqual([
      ['tea', 2, [0, 1]],
      ['cake', 4.5, undefined],
    ]);
  });

  it('by: parent: children find their parent by any key, even before it, and orphans are errors', async () => {
    const csv = [
      'ID,Type,SKU,Name,Parent,Price',
      '3,variation,,Red,id:1,5',
      '1,variable,SHIRT,Shirt,,',
      '4,variation,,Blue,SHIRT,6',
      '5,variation,,Green,NOPE,7',
      '2,simple,MUG,Mug,,9',
    ].join('\n');
    const result = await runInline(
      mapping(`  group: { by: parent, parent: "{Parent}", keys: ["{SKU}", "id:{ID}"] }
  product: { ext_id: "{SKU}", name: "{Name}", price: { column: Price, transforms: [money] } }
  variants: { value: { name: "{Name}", price: { column: Price, transforms: [money] } } }
`),
      { 'items.csv': csv },
    );
    expect(
      result.menu.products.map((p) => [p.ext_id, p.price, p.options?.[0]?.option_values?.map((v) => v.name)]),
    ).toEqual([
      ['SHIRT', 5, ['Red', 'Blue']],
      ['MUG', 9, undefined],
    ]);
    expect(result.issues.map((i) => [i.code, i.severity, i.location.row])).toEqual([
      ['unknown-parent', 'error', 5],
    ]);
  });

  it('by: key groups rows wherever they are and reports an empty key', async () => {
    const csv = 'Handle,Name,Size,Price\na,A,S,1\nb,B,,2\na,,L,1.5\n,X,,1\n';
    const result = await runInline(
      mapping(`  group: { by: handle, key: "{Handle}" }
  product: { ext_id: "{Handle}", name: "{Name}" }
  variants: { option: { name: { value: Size } }, value: { name: "{Size}", price: { column: Price, transforms: [money] } } }
`),
      { 'items.csv': csv },
    );
    expect(result.menu.products.map((p) => [p.ext_id, p.price, p.options?.length ?? 0])).toEqual([
      ['a', 1, 1],
      ['b', 2, 0],
    ]);
    expect(result.issues.map((i) => [i.code, i.location.row])).toEqual([['missing-value', 5]]);
  });
});

describe('table mode rules', () => {
  it('counts row and group skips by reason and never drops a row silently', async () => {
    const csv =
      'Handle,Name,Status,Image\na,A,active,\na,,active,img.png\nb,B,draft,\nb,,active,\nc,C,active,\n';
    const result = await runInline(
      mapping(`  skip:
    - { reason: image-only, when: { all: [{ column: Name, empty: true }, { column: Image, empty: false }] } }
    - { reason: draft, scope: group, when: { column: Status, in: [Draft] } }
  group: { by: key, key: "{Handle}" }
  product: { ext_id: "{Handle}", name: "{Name}" }
`),
      { 'items.csv': csv },
    );
    expect(result.menu.products.map((p) => p.ext_id)).toEqual(['a', 'c']);
    expect(result.skipped).toEqual([
      { reason: 'image-only', count: 1 },
      { reason: 'draft', count: 2 },
    ]);
    expect(result.stats.rows).toBe(5);
  });

  it('binds a wildcard parameter to the first matching column and honours a given one', async () => {
    const csv = 'Name,Price [North],Price [South],Available [South],Available [North]\nTea,1,2,N,Y\n';
    const table = `  product:
    ext_id: "{slug(Name)}-{@param.store}"
    name: { column: [Nombre, name] }
    price: { column: { pattern: ["Precio [{store}]", "price [{store}]"] }, transforms: [money] }
    hidden: { column: { pattern: "Available [{store}]" }, transforms: [{ boolean: { invert: true } }] }
`;
    const params = 'parameters: { store: { description: Store } }\n';
    const first = await runInline(mapping(table, params), { 'items.csv': csv });
    expect(first.menu.products[0]).toMatchObject({ ext_id: 'tea-North', price: 1, hidden: false });
    const south = await runInline(mapping(table, params), { 'items.csv': csv }, { store: 'South' });
    expect(south.menu.products[0]).toMatchObject({ ext_id: 'tea-South', price: 2, hidden: true });
  });

  it('reports a missing required column once, at the header, as an error', async () => {
    const result = await runInline(
      mapping(`  product: { ext_id: "{slug(Name)}", name: "{Name}", description: { column: Notes }, price: { value: 1 } }
`),
      { 'items.csv': 'Name\nA\nB\n' },
    );
    expect(result.issues.map((i) => [i.code, i.severity, i.location.row])).toEqual([
      ['missing-column', 'error', 1],
    ]);
    expect(result.stats.products).toBe(2);
  });

  it('combines option axes with join, skips variable prices on request, and flags duplicates', async () => {
    const csv =
      'Handle,Title,Option1 Value,Option2 Value,Price\nt,Tee,Red,S,10\nt,,Red,M,variable\nt,,Blue,,12\nt,,Blue,,13\n';
    const result = await runInline(
      mapping(`  group: { by: key, key: "{Handle}" }
  product: { ext_id: "{Handle}", name: "{Title}" }
  variants:
    value:
      name: { join: { with: " / ", parts: ["{Option1 Value}", "{Option2 Value}", "{Option3 Value}"] } }
      price: { column: Price, transforms: [{ money: { variable: skip } }] }
`),
      { 'items.csv': csv },
    );
    const values = result.menu.products[0]?.options?.[0]?.option_values;
    expect(values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['t-variant-red-s', 'Red / S', 0],
      ['t-variant-blue', 'Blue', 2],
    ]);
    expect(result.skipped).toEqual([{ reason: 'variable-price', count: 1 }]);
    expect(result.issues.map((i) => [i.code, i.location.row])).toEqual([['duplicate-ext-id', 5]]);
  });

  it('turns platform-rule violations of the mapped menu into invalid-menu issues', async () => {
    const result = await runInline(
      mapping(`  product: { ext_id: "{slug(Name)}", name: "{Name}", price: { column: Price, transforms: [money] } }
`),
      { 'items.csv': 'Name,Price\nA,-1\n' },
    );
    // A price below 0 is no real price either: the product is hidden, and the platform rule says why.
    expect(result.issues.map((i) => [i.code, i.location.row ?? i.location.path])).toEqual([
      ['unpriced', 2],
      ['invalid-menu', 'products[ext_id=a].price'],
    ]);
  });
});

describe('table mode field types', () => {
  it('rounds numeric cells to cents and reports a price or flag that is not typed as errors', async () => {
    const result = await runInline(
      mapping(`  product:
    ext_id: "{slug(Name)}"
    name: "{Name}"
    price: { column: Price, transforms: [{ replace: { find: "x", with: "" } }] }
    hidden: { column: Hidden }
`),
      { 'items.csv': 'Name,Price,Hidden\nA,1,\nB,,yes\n' },
    );
    expect(result.issues.map((i) => [i.code, i.severity, i.location.row])).toEqual([
      ['bad-price', 'error', 2], // with A's unpriced verdict: neither A nor B has a price, both hidden
      ['bad-boolean', 'warning', 3],
      ['missing-value', 'warning', 3], // B's price cell is empty
    ]);
    expect(result.menu.products.map((p) => p.hidden)).toEqual([true, true]);
  });
});

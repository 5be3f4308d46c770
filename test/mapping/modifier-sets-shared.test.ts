import { describe, expect, it } from 'vitest';
import { HEADER, runInline } from './helpers.js';

// Three products use the Milk set; latte also has a size option, so its Milk option comes second.
const CSV = [
  'Handle,Name,Size,Price,Milk',
  'latte,Latte,Small,3.50,Y',
  'latte,,Large,4.20,',
  'flat,Flat white,,3.80,Y',
  'mocha,Mocha,,4.00,y',
  'cookie,Cookie,,2,N',
].join('\n');

function mapping(setExtId?: string): string {
  return `${HEADER}sources:
  items: { format: csv }
kind: table
table:
  source: items
  category: { name: { value: Menu } }
  group: { by: key, key: '{Handle}' }
  product:
    ext_id: '{Handle}'
    name: { column: Name }
  variants:
    option: { name: Size }
    value:
      name: { column: Size }
      price: { column: Price, transforms: [money] }
  modifier_sets:
    columns: { pattern: '{name}' }
${setExtId ? `    ext_id: '${setExtId}'\n` : ''}    sets:
      Milk: { max: 1, values: [{ name: Oat, price: 0.4 }, { name: Soy, price: 0.3 }] }
`;
}

describe('modifier set options', () => {
  it('give every product the same set-<slug> option, after the variant option where there is one', async () => {
    const result = await runInline(mapping(), { 'items.csv': CSV });
    expect(result.issues).toEqual([]);
    const byId = new Map(result.menu.products.map((p) => [p.ext_id, p]));
    const milkOf = (id: string) => byId.get(id)?.options?.find((o) => o.name === 'Milk');
    expect(milkOf('flat')).toEqual({
      ext_id: 'set-milk',
      name: 'Milk',
      type: 'single',
      min_selectable: 0,
      max_selectable: 1,
      position: 1,
      option_values: [
        { ext_id: 'set-milk-oat', name: 'Oat', price_operator: '+', price_operand: 0.4, position: 1 },
        { ext_id: 'set-milk-soy', name: 'Soy', price_operator: '+', price_operand: 0.3, position: 2 },
      ],
    });
    expect(milkOf('mocha')).toBe(milkOf('flat'));
    expect(byId.get('latte')?.options?.map((o) => [o.ext_id, o.position])).toEqual([
      ['latte-variant', 1],
      ['set-milk', 2],
    ]);
    expect(milkOf('latte')?.option_values).toBe(milkOf('flat')?.option_values);
    expect(byId.get('cookie')?.options).toBeUndefined();
    expect(result.stats).toMatchObject({ products: 4, options: 4, option_values: 8 });
  });

  it('are read-only, so no later stage can change one product through another', async () => {
    const result = await runInline(mapping(), { 'items.csv': CSV });
    const milk = result.menu.products.find((p) => p.ext_id === 'flat')?.options?.[0];
    expect(Object.isFrozen(milk)).toBe(true);
    expect(Object.isFrozen(milk?.option_values)).toBe(true);
    expect(Object.isFrozen(milk?.option_values?.[0])).toBe(true);
    // A shared reference serializes like any other: the JSON has the option under each product.
    const json = JSON.parse(JSON.stringify(result.menu)) as typeof result.menu;
    expect(json.products.filter((p) => p.options?.some((o) => o.ext_id === 'set-milk'))).toHaveLength(3);
  });

  it('keep per-product ids when the ext_id template names the product', async () => {
    const result = await runInline(mapping('{@product}-{slug(@name)}'), { 'items.csv': CSV });
    expect(result.issues).toEqual([]);
    const ids = result.menu.products.map(
      (p) => p.options?.find((o) => o.name === 'Milk')?.option_values?.[1]?.ext_id,
    );
    expect(ids).toEqual(['latte-milk-soy', 'flat-milk-soy', 'mocha-milk-soy', undefined]);
  });
});

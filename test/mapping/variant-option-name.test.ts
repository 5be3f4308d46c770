import { describe, expect, it } from 'vitest';
import { HEADER, runInline } from './helpers.js';

// The variant option's name is read on the head row and, when empty there, on the variant rows in
// order (SumUp writes `Option set 1` on variation rows only); `fallback` names it when no row does.

const mapping = (group: string, option: string) => `${HEADER}sources: { items: { format: csv } }
kind: table
table:
  source: items
  group: ${group}
  product: { ext_id: "{slug(Item)}", name: { column: Item }, price: { column: Price, transforms: [money] } }
  variants:
    option: ${option}
    value: { name: { column: Variation }, price: { column: Price, transforms: [money] } }
  category: { name: { value: Menu } }
`;

const optionNames = (products: { options?: { name?: string }[] }[]) =>
  products.map((p) => p.options?.[0]?.name);

describe('variant option name', () => {
  it('rows: children: comes from the first variation row that has one', async () => {
    const csv = [
      'Item,Variation,Set,Price',
      'Tea,,,',
      ',Small,,2',
      ',Large,Size,3',
      ',Huge,Volume,4',
      'Juice,,,',
      ',Apple,,3',
      ',Pear,,3',
      'Cake,,Cut,',
      ',Slice,Piece,4',
      ',Whole,,20',
    ].join('\n');
    const result = await runInline(
      mapping('{ by: continuation, start: "{Item}" }', "{ name: '{Set}', fallback: Variante }"),
      { 'items.csv': csv },
    );
    expect(result.issues).toEqual([]);
    // The head row wins when it has a name (Cake); otherwise the first variant that has one (Tea).
    expect(optionNames(result.menu.products)).toEqual(['Size', 'Variante', 'Cut']);
  });

  it('rows: all: the head is the first variant; later rows name the option when it has none', async () => {
    const csv = ['Key,Item,Variation,Set,Price', 'm,Mug,Small,,2', 'm,,Large,Size,3'].join('\n');
    const result = await runInline(
      mapping('{ by: key, key: "{Key}" }', '{ name: { column: Set, optional: true } }').replace(
        'ext_id: "{slug(Item)}"',
        'ext_id: "{Key}"',
      ),
      { 'items.csv': csv },
    );
    expect(optionNames(result.menu.products)).toEqual(['Size']);
  });

  it('is "Variant" when no row gives a name and no fallback is set', async () => {
    const csv = ['Item,Variation,Set,Price', 'Tea,,,', ',Small,,2', ',Large,,3'].join('\n');
    const result = await runInline(mapping('{ by: continuation, start: "{Item}" }', "{ name: '{Set}' }"), {
      'items.csv': csv,
    });
    expect(optionNames(result.menu.products)).toEqual(['Variant']);
  });
});

import { describe, expect, it } from 'vitest';
import { HEADER, runInline, withCategory } from './helpers.js';

// `table.options` (issue 24 §1): several options per product from continuation rows (Odoo), and
// option values packed into one cell (German register exports).

const mapping = (table: string, extra = '') => `${HEADER}unpriced: hide
sources: { items: { format: csv } }
${extra}kind: table
table:
  source: items
${withCategory(table)}`;

const errors = (r: { issues: { severity: string; message: string }[] }) =>
  r.issues.filter((i) => i.severity === 'error').map((i) => i.message);

describe('options from continuation rows (Odoo attribute values)', () => {
  const table = `  group: { by: continuation, start: '{Name}' }
  category: { name: { column: Category }, fallback: All }
  product:
    ext_id: 'p-{slug(Name)}'
    name: { column: Name }
    price: { column: Sales Price, transforms: [money] }
  options:
    - rows: all
      type: single
      value:
        name: { column: Attribute Values }
        split: ': '
        price: { column: Value Price Extra, transforms: [money] }
`;
  const csv = [
    'Name,Category,Sales Price,Attribute Values,Value Price Extra',
    'Pizza,Food,"8,50",Size: Small,"0,00"',
    ',,,Size: Large,"2,50"',
    ',Lunch,,,',
    ',,,Crust: Thin,0',
    ',,,Crust: Thick,"1,00"',
    'Cola,Drinks,"2,00",Size: Large,"0,50"',
    'Water,Drinks,"1,50",,',
  ].join('\n');

  it('builds one option per attribute, the extra price as a surcharge', async () => {
    const result = await runInline(mapping(table), { 'items.csv': csv });
    expect(errors(result)).toEqual([]);
    const pizza = result.menu.products[0];
    expect(pizza?.price).toBe(8.5);
    expect(
      pizza?.options?.map((o) => [o.ext_id, o.name, o.type, o.min_selectable, o.max_selectable, o.position]),
    ).toEqual([
      ['p-pizza-size', 'Size', 'single', 1, 1, 1],
      ['p-pizza-crust', 'Crust', 'single', 1, 1, 2],
    ]);
    expect(
      pizza?.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operator, v.price_operand]),
    ).toEqual([
      ['p-pizza-size-small', 'Small', '+', 0],
      ['p-pizza-size-large', 'Large', '+', 2.5],
    ]);
    expect(pizza?.options?.[1]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Thin', 0],
      ['Thick', 1],
    ]);
  });

  it('keeps a lone attribute value as an option with one value, and counts the row read for nothing', async () => {
    const result = await runInline(mapping(table), { 'items.csv': csv });
    const cola = result.menu.products.find((p) => p.name === 'Cola');
    expect(cola?.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Large', 0.5],
    ]);
    expect(result.menu.products.find((p) => p.name === 'Water')?.options).toBeUndefined();
    // The interleaved second-category row gives no option value: counted, not silently absorbed.
    expect(result.skipped).toEqual([{ reason: 'continuation row with no option value', count: 1 }]);
  });

  it('continues the option above on a row that names none (attribute written once)', async () => {
    const rows = [
      'Name,Sales Price,Attribute,Value,Extra',
      'Tea,2,Size,Small,0',
      ',,,Large,1',
      ',,Milk,Oat,"0,40"',
    ].join('\n');
    const result = await runInline(
      mapping(`  group: { by: continuation, start: '{Name}' }
  product: { ext_id: '{Name}', name: { column: Name }, price: { column: Sales Price, transforms: [money] } }
  options:
    - rows: all
      name: { column: Attribute }
      value: { name: { column: Value }, price: { column: Extra, transforms: [money] } }
`),
      { 'items.csv': rows },
    );
    expect(errors(result)).toEqual([]);
    const tea = result.menu.products[0];
    expect(
      tea?.options?.map((o) => [
        o.name,
        o.min_selectable,
        o.max_selectable,
        o.option_values?.map((v) => v.name),
      ]),
    ).toEqual([
      ['Size', 0, 2, ['Small', 'Large']],
      ['Milk', 0, 1, ['Oat']],
    ]);
  });

  it('reports a value that names no option and follows none, at its row and column', async () => {
    const rows = ['Name,Sales Price,Attribute,Value', 'Tea,2,,Small'].join('\n');
    const result = await runInline(
      mapping(`  product: { ext_id: '{Name}', name: { column: Name }, price: { column: Sales Price, transforms: [money] } }
  options:
    - rows: all
      name: { column: Attribute }
      value: { name: { column: Value } }
`),
      { 'items.csv': rows },
    );
    expect(result.issues.map((i) => [i.code, i.severity, i.location.row, i.location.column])).toEqual([
      ['missing-value', 'error', 2, 'Value'],
    ]);
  });
});

describe('option values packed into one cell', () => {
  const table = `  category: { name: { column: Warengruppe } }
  product:
    ext_id: '{Artikelnummer}'
    name: { column: Bezeichnung }
    price: { column: Preis, transforms: [money] }
  options:
    - packed: { column: Beilagen }
      name: Beilage
      type: single
    - packed: { column: Extras, separator: ',' }
      name: Extras
      max_selectable: 2
`;
  const csv = [
    'Artikelnummer;Bezeichnung;Warengruppe;Preis;Beilagen;Extras',
    '101;Schnitzel;Hauptgerichte;12,90;Pommes|Reis (+1,90)|Salat (+2,50);Soße (+0,80), Zwiebeln',
    '102;Gulasch;Hauptgerichte;11,50;Reis (+2,20)|Salat (klein);',
  ].join('\n');

  it('reads names and signed prices, and the same value at different prices on different products', async () => {
    const result = await runInline(mapping(table).replace('format: csv', "format: csv, delimiter: ';'"), {
      'items.csv': csv,
    });
    expect(errors(result)).toEqual([]);
    const [schnitzel, gulasch] = result.menu.products;
    expect(schnitzel?.options?.map((o) => [o.ext_id, o.type, o.min_selectable, o.max_selectable])).toEqual([
      ['101-beilage', 'single', 1, 1],
      ['101-extras', undefined, 0, 2],
    ]);
    expect(schnitzel?.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['101-beilage-pommes', 'Pommes', undefined],
      ['101-beilage-reis', 'Reis', 1.9],
      ['101-beilage-salat', 'Salat', 2.5],
    ]);
    expect(schnitzel?.options?.[1]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Soße', 0.8],
      ['Zwiebeln', undefined],
    ]);
    // Options are the product's own (ext_id `{@product}-...`): Reis at 2,20 here is another value.
    expect(gulasch?.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['102-beilage-reis', 'Reis', 2.2],
      ['102-beilage-salat-klein', 'Salat (klein)', undefined],
    ]);
    expect(gulasch?.options).toHaveLength(1);
  });

  it('can scope value ext_ids by price, and reports a value named twice in one cell', async () => {
    const priced = table.replace(
      '      name: Beilage\n',
      "      name: Beilage\n      value: { ext_id: '{@option}-{slug(@name)}-{@price}' }\n",
    );
    const rows = [
      'Artikelnummer;Bezeichnung;Warengruppe;Preis;Beilagen;Extras',
      '101;A;X;5;Reis (+1,90)|Reis (+1,90);',
    ];
    const result = await runInline(mapping(priced).replace('format: csv', "format: csv, delimiter: ';'"), {
      'items.csv': rows.join('\n'),
    });
    expect(result.menu.products[0]?.options?.[0]?.option_values?.map((v) => v.ext_id)).toEqual([
      '101-beilage-reis-190',
    ]);
    expect(result.issues.map((i) => [i.code, i.severity, i.location.row])).toEqual([
      ['duplicate-ext-id', 'error', 2],
    ]);
  });

  it('reports a bad amount in parentheses at its row and column', async () => {
    const rows = ['Artikelnummer;Bezeichnung;Warengruppe;Preis;Beilagen;Extras', '101;A;X;5;Reis (+1,9x);'];
    const result = await runInline(mapping(table).replace('format: csv', "format: csv, delimiter: ';'"), {
      'items.csv': rows.join('\n'),
    });
    expect(result.issues.map((i) => [i.code, i.severity, i.location.row, i.location.column])).toEqual([
      ['bad-price', 'error', 2, 'Beilagen'],
    ]);
  });

  it.each([
    ['Reis (+1,90|Salat', 'an unclosed "(" at character 6', ['Reis (+1,90', 'Salat']],
    ['Reis +1,90)|Salat', 'a ")" that closes nothing at character 11', ['Reis +1,90)', 'Salat']],
  ])('reports "%s" at its row and column and keeps every value', async (cell, what, names) => {
    const rows = ['Artikelnummer;Bezeichnung;Warengruppe;Preis;Beilagen;Extras', `101;A;X;5;${cell};`];
    const result = await runInline(mapping(table).replace('format: csv', "format: csv, delimiter: ';'"), {
      'items.csv': rows.join('\n'),
    });
    expect(result.issues.map((i) => [i.code, i.severity, i.location.row, i.location.column])).toEqual([
      ['malformed-value', 'error', 2, 'Beilagen'],
    ]);
    expect(result.issues[0]?.message).toContain(what);
    expect(result.menu.products[0]?.options?.[0]?.option_values?.map((v) => v.name)).toEqual(names);
  });
});

describe('options schema', () => {
  it.each([
    ['neither rows nor packed', '    - name: X\n      value: { name: "{A}" }\n', 'give exactly one'],
    ['packed without a name', '    - packed: { column: A }\n', 'needs a `name`'],
    ['rows without a value name', '    - rows: all\n      name: X\n', 'needs `value.name`'],
  ])('refuses %s', async (_label, option, message) => {
    const yaml = mapping(`  product: { ext_id: '{A}', name: { column: A } }\n  options:\n${option}`);
    await expect(runInline(yaml, { 'items.csv': 'A\nx' })).rejects.toThrow(message);
  });
});

describe('packed options on sizes sold as separate articles', () => {
  const table = `  group: { by: key, key: { first_of: ['{Gruppe}', '{Nr}'] } }
  product:
    ext_id: { first_of: ['{slug(Gruppe)}', '{Nr}'] }
    name: { first_of: ['{Gruppe}', '{Name}'] }
  variants:
    option: { name: Größe }
    value: { ext_id: '{Nr}', name: { first_of: ['{Größe}', '{Name}'] }, price: { column: Preis, transforms: [money] } }
  options:
    - packed: { column: Extras }
      name: Extras
`;
  it('reads the options on the first article and reports another article whose cell differs', async () => {
    const rows = [
      'Nr;Name;Gruppe;Größe;Preis;Extras',
      '1;Pizza klein;Pizza;klein;8,50;Käse (+1,00)|Rucola (+1,50)',
      '2;Pizza groß;Pizza;groß;11,90;Käse (+1,50)|Rucola (+2,00)',
      '3;Cola;;;2,50;',
    ];
    const result = await runInline(mapping(table).replace('format: csv', "format: csv, delimiter: ';'"), {
      'items.csv': rows.join('\n'),
    });
    const pizza = result.menu.products[0];
    expect(
      pizza?.options?.map((o) => [o.ext_id, o.position, o.option_values?.map((v) => v.price_operand)]),
    ).toEqual([
      ['pizza-variant', 1, [0, 3.4]],
      ['pizza-extras', 2, [1, 1.5]],
    ]);
    expect(result.issues.map((i) => [i.code, i.severity, i.location.row, i.location.column])).toEqual([
      ['option-identity', 'warning', 3, 'Extras'],
    ]);
    expect(result.issues[0]?.message).toContain("differs from the product's first row 2");
    expect(result.menu.products[1]).toMatchObject({ ext_id: '3', price: 2.5 });
    expect(result.menu.products[1]?.options).toBeUndefined();
  });
});

describe('packed options on continuation rows', () => {
  it('takes a blank cell on a later row as nothing said, and counts the row', async () => {
    const result = await runInline(
      mapping(`  group: { by: continuation, start: '{Name}' }
  product: { ext_id: '{slug(Name)}', name: { column: Name }, price: { column: Preis, transforms: [money] } }
  options:
    - packed: { column: Extras }
      name: Extras
`).replace('format: csv', "format: csv, delimiter: ';'"),
      {
        'items.csv': [
          'Name;Preis;Extras;Note',
          'Toast;4,50;Käse (+0,50)|Schinken (+0,90);',
          ';;;second line',
        ].join('\n'),
      },
    );
    expect(result.issues).toEqual([]);
    expect(result.skipped).toEqual([{ reason: 'continuation row with no option value', count: 1 }]);
    expect(result.menu.products[0]?.options?.[0]?.option_values?.map((v) => v.name)).toEqual([
      'Käse',
      'Schinken',
    ]);
  });
});

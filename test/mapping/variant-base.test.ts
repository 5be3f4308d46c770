import { describe, expect, it } from 'vitest';
import { parseMappingText } from '../../src/mapping/loader.js';
import { HEADER, runInline, withCategory } from './helpers.js';

// variants.base: which variant prices the product. `cheapest` (default) as always; `flagged`: the
// row a flag column marks is the POS's default, pre-selected for the guest.

const mapping = (variants: string) => `${HEADER}unpriced: hide
sources: { items: { format: csv } }
kind: table
table:
  source: items
${withCategory(`  group: { by: key, key: '{Handle}' }
  product: { ext_id: '{Handle}', name: { column: Name } }
  variants:
${variants}    value: { name: { column: Size }, price: { column: Price, transforms: [money] } }
`)}`;

const FLAGGED = `    base: flagged\n    flag: { column: Default, transforms: [boolean] }\n`;

const csv = (rows: string[]) => `Handle,Name,Size,Price,Default\n${rows.join('\n')}\n`;

describe('variants.base', () => {
  it('pre-selects the flagged default, which is the base when it is the cheapest', async () => {
    const result = await runInline(mapping(FLAGGED), {
      'items.csv': csv(['tea,Tea,S,3.00,Y', 'tea,,M,3.50,N', 'tea,,L,4.00,N']),
    });
    expect(result.issues).toEqual([]);
    const tea = result.menu.products[0];
    expect(tea?.price).toBe(3);
    expect(
      tea?.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand, v.checked_default]),
    ).toEqual([
      ['S', 0, true],
      ['M', 0.5, undefined],
      ['L', 1, undefined],
    ]);
  });

  it('keeps the cheapest as the base when the default is dearer, pre-selects the default and says so', async () => {
    const result = await runInline(mapping(FLAGGED), {
      'items.csv': csv(['latte,Latte,S,3.00,', 'latte,,M,3.50,yes', 'latte,,L,4.00,']),
    });
    const latte = result.menu.products[0];
    expect(latte?.price).toBe(3);
    expect(
      latte?.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand, v.checked_default]),
    ).toEqual([
      ['S', 0, undefined],
      ['M', 0.5, true],
      ['L', 1, undefined],
    ]);
    expect(result.issues.map((i) => [i.severity, i.code, i.location.row, i.location.column])).toEqual([
      ['warning', 'variant-base', 3, 'Default'],
    ]);
    expect(result.issues[0]?.message).toContain(
      'the default "M" of product "Latte" (latte) is not its cheapest variant',
    );
  });

  it.each([
    ['no flagged variant', ['mocha,Mocha,S,3.00,N', 'mocha,,L,4.00,N'], 'no variant is flagged'],
    ['two flagged variants', ['mocha,Mocha,S,3.00,Y', 'mocha,,L,4.00,Y'], '2 variants are flagged'],
  ])('takes the cheapest with a located warning when it finds %s', async (_name, rows, message) => {
    const result = await runInline(mapping(FLAGGED), { 'items.csv': csv(rows) });
    expect(result.menu.products[0]?.price).toBe(3);
    expect(result.menu.products[0]?.options?.[0]?.option_values?.some((v) => v.checked_default)).toBe(false);
    expect(result.issues.map((i) => [i.code, i.severity, i.location.column])).toEqual([
      ['variant-base', 'warning', 'Default'],
    ]);
    expect(result.issues[0]?.message).toContain(message);
  });

  it('is the cheapest by default, with no flag read', async () => {
    const result = await runInline(mapping(''), { 'items.csv': csv(['tea,Tea,S,3.00,', 'tea,,L,4.00,Y']) });
    expect(result.issues).toEqual([]);
    expect(result.menu.products[0]?.options?.[0]?.option_values?.some((v) => v.checked_default)).toBe(false);
  });

  it.each([
    ['flagged without a flag', '    base: flagged\n'],
    ['a flag without flagged', '    flag: { column: Default }\n'],
    ['another base', '    base: dearest\n'],
  ])('refuses %s', (_name, variants) => {
    expect(() => parseMappingText(mapping(variants), 'inline.yaml')).toThrow(/base|flag/);
  });
});

import { describe, expect, it } from 'vitest';
import { validateMenu, validatePayload, type PayloadIssue } from '../../src/model/index.js';

const value = (ext_id: string, price_operand = 0.5) => ({
  ext_id,
  name: ext_id,
  price_operator: '+',
  price_operand,
});
const option = (ext_id: string, values = [value('S'), value('L', 1)]) => ({
  ext_id,
  name: ext_id,
  type: 'single',
  min_selectable: 1,
  max_selectable: 1,
  option_values: values,
});

/** A menu shaped like a real café export: hidden category, category options, product variants. */
function validPayload() {
  return {
    pos_uid: 'store-1',
    update_mode: 'replace',
    categories: [
      { ext_id: 'C1', name: 'Coffee', position: 0, options: [option('MILK')] },
      { ext_id: 'C2', name: 'Seasonal', hidden: true, position: 1 },
    ],
    products: [
      {
        ext_id: 'P12',
        category_ext_id: 'C1',
        name: 'Latte',
        price: 3.5,
        inherits_options: 'sync',
        options: [option('SIZE')],
      },
      { ext_id: 'P13', category_ext_id: 'C1', name: 'Espresso', price: 2.2 },
      { ext_id: 'P14', category_ext_id: 'C2', name: 'Pumpkin Spice', price: 4, options: [option('SIZE')] },
    ],
  };
}

type Payload = ReturnType<typeof validPayload>;

const errorsOf = (issues: PayloadIssue[]) => issues.filter((i) => i.severity === 'error');

describe('validatePayload', () => {
  it('accepts a payload shaped like a real menu', () => {
    expect(validatePayload(validPayload())).toEqual([]);
  });

  it('accepts a merge payload with only products', () => {
    expect(validatePayload({ pos_uid: 'x', update_mode: 'merge', products: [] })).toEqual([]);
  });

  it('lets the same option ext_id repeat under different parents', () => {
    // SIZE under P12 and P14 is fine: options are scoped within their parent.
    expect(errorsOf(validatePayload(validPayload()))).toEqual([]);
  });

  const invalid: [string, (p: Payload) => unknown, string, string][] = [
    ['empty category ext_id', (p) => (p.categories[1]!.ext_id = ''), 'empty-ext-id', 'categories[1].ext_id'],
    [
      'duplicate category',
      (p) => (p.categories[1]!.ext_id = 'C1'),
      'duplicate-ext-id',
      'categories[1].ext_id',
    ],
    ['duplicate product', (p) => (p.products[1]!.ext_id = 'P12'), 'duplicate-ext-id', 'products[1].ext_id'],
    [
      'duplicate option in one product',
      (p) => p.products[0]!.options!.push(option('SIZE')),
      'duplicate-ext-id',
      'products[ext_id=P12].options[1].ext_id',
    ],
    [
      'duplicate value in one option',
      (p) => p.products[0]!.options![0]!.option_values.push(value('S')),
      'duplicate-ext-id',
      'products[ext_id=P12].options[ext_id=SIZE].option_values[2].ext_id',
    ],
    [
      'unknown category',
      (p) => (p.products[1]!.category_ext_id = 'NOPE'),
      'unknown-category',
      'products[ext_id=P13].category_ext_id',
    ],
    ['negative price', (p) => (p.products[1]!.price = -1), 'bad-price', 'products[ext_id=P13].price'],
    ['infinite price', (p) => (p.products[1]!.price = Infinity), 'bad-price', 'products[ext_id=P13].price'],
    [
      'negative value price',
      (p) => (p.products[0]!.options![0]!.option_values[1]!.price_operand = -0.5),
      'bad-price',
      'products[ext_id=P12].options[ext_id=SIZE].option_values[1].price_operand',
    ],
    [
      'min above max',
      (p) => (p.categories[0]!.options![0]!.min_selectable = 3),
      'min-greater-than-max',
      'categories[ext_id=C1].options[ext_id=MILK].min_selectable',
    ],
    [
      'price as a string',
      (p) => ((p.products[0] as Record<string, unknown>).price = '3.50'),
      'invalid-field',
      'products[ext_id=P12].price',
    ],
    [
      'value price as a string',
      (p) =>
        ((p.products[0]!.options![0]!.option_values[2 - 1] as Record<string, unknown>).price_operand = 'x'),
      'invalid-field',
      'products[ext_id=P12].options[ext_id=SIZE].option_values[1].price_operand',
    ],
    [
      'missing pos_uid',
      (p) => ((p as Record<string, unknown>).pos_uid = undefined),
      'invalid-field',
      'pos_uid',
    ],
    [
      'unknown update_mode',
      (p) => ((p as Record<string, unknown>).update_mode = 'append'),
      'invalid-field',
      'update_mode',
    ],
    [
      'empty option type',
      (p) => (p.products[0]!.options![0]!.type = ''),
      'invalid-field',
      'products[ext_id=P12].options[ext_id=SIZE].type',
    ],
    [
      'fractional position',
      (p) => (p.categories[0]!.position = 1.5),
      'invalid-field',
      'categories[ext_id=C1].position',
    ],
  ];

  it.each(invalid)('reports %s', (_name, breakIt, code, path) => {
    const payload = validPayload();
    breakIt(payload);
    const issues = errorsOf(validatePayload(payload));
    expect(issues).toContainEqual(expect.objectContaining({ code, path, severity: 'error' }));
  });

  it('warns, never silently, about enum values the platform is not known to accept', () => {
    const payload = validPayload();
    payload.products[0]!.options![0]!.type = 'multiple';
    payload.products[0]!.options![0]!.option_values[0]!.price_operator = '-';
    payload.products[0]!.inherits_options = 'none';
    const issues = validatePayload(payload);
    expect(errorsOf(issues)).toEqual([]);
    expect(issues.map((i) => [i.code, i.severity, i.path])).toEqual([
      ['unseen-enum-value', 'warning', 'products[ext_id=P12].inherits_options'],
      ['unseen-enum-value', 'warning', 'products[ext_id=P12].options[ext_id=SIZE].type'],
      [
        'unseen-enum-value',
        'warning',
        'products[ext_id=P12].options[ext_id=SIZE].option_values[0].price_operator',
      ],
    ]);
  });

  it('finds duplicates in scopes large enough to be checked through a set', () => {
    const payload = validPayload();
    const many = Array.from({ length: 12 }, (_, i) => value(`V${i}`));
    many.push(value('V3'));
    payload.products[0]!.options = [option('BIG', many)];
    expect(errorsOf(validatePayload(payload)).map((i) => [i.code, i.path, i.message])).toEqual([
      [
        'duplicate-ext-id',
        'products[ext_id=P12].options[ext_id=BIG].option_values[12].ext_id',
        'ext_id "V3" appears more than once in products[ext_id=P12].options[ext_id=BIG].option_values',
      ],
    ]);
  });
});

describe('validateMenu', () => {
  it('reports a problem of an option shared by several products once, under the first', () => {
    const shared = { ...option('MILK', [value('OAT', -1)]), min_selectable: 2 };
    const issues = validateMenu({
      categories: [],
      products: [
        { ext_id: 'P1', name: 'Latte', options: [shared] },
        { ext_id: 'P2', name: 'Mocha', options: [shared] },
      ],
    });
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ['min-greater-than-max', 'products[ext_id=P1].options[ext_id=MILK].min_selectable'],
      ['bad-price', 'products[ext_id=P1].options[ext_id=MILK].option_values[0].price_operand'],
    ]);
  });

  it('skips only the duplicate search for product ext_ids its producer already made unique', () => {
    const menu = {
      categories: [],
      products: [
        { ext_id: 'P1', name: 'Latte' },
        { ext_id: ' ', name: 'Blank' },
        { ext_id: 'P1', name: 'Again' },
      ],
    };
    expect(validateMenu(menu).map((i) => i.code)).toEqual(['empty-ext-id', 'duplicate-ext-id']);
    expect(validateMenu(menu, { productIdsUnique: true }).map((i) => [i.code, i.path])).toEqual([
      ['empty-ext-id', 'products[1].ext_id'],
    ]);
  });

  it('still checks each product that shares an option for duplicates among its own options', () => {
    const shared = option('MILK');
    const issues = validateMenu({
      categories: [],
      products: [
        { ext_id: 'P1', name: 'Latte', options: [shared] },
        { ext_id: 'P2', name: 'Mocha', options: [shared, option('MILK')] },
      ],
    });
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ['duplicate-ext-id', 'products[ext_id=P2].options[1].ext_id'],
    ]);
  });
});

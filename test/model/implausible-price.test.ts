import { describe, expect, it } from 'vitest';
import { compileTransforms } from '../../src/mapping/transforms/index.js';
import type { TransformSink } from '../../src/mapping/types.js';
import type { TransformStep } from '../../src/mapping/value-schema.js';
import { isImplausiblePrice, PRICE_LIMIT, roundMoney } from '../../src/model/money.js';
import { validateMenu } from '../../src/model/validate-payload.js';

function money(steps: TransformStep[], value: string | number) {
  const issues: string[] = [];
  const sink: TransformSink = {
    issue: (code, severity, message) => issues.push(`${severity}:${code}:${message}`),
    skip: () => undefined,
  };
  return { value: compileTransforms(steps)(value, sink), issues };
}

describe('roundMoney on amounts String() writes with an exponent', () => {
  // "1e+21e2" was NaN: a huge number cell became a NaN price and "(NaN)" in the problem list.
  it.each([
    [1e21, 1e21],
    [123456789e15, 123456789e15],
    [-1e21, -1e21],
    [1e-7, 0],
    [0.00004, 0],
    [0.004, 0],
    [0.005, 0.01],
  ])('rounds %d to %d, never NaN', (input, expected) => {
    expect(roundMoney(input)).toBe(expected);
  });
});

describe('the money transform refuses implausible prices', () => {
  it.each<[TransformStep[], string | number, string]>([
    [['money'], '1000000', '1000000'],
    [['money'], 1000000, '1000000'],
    [['money'], '1.000.000,00', '"1.000.000,00" = 1000000'],
    [['money'], 1e21, '1e+21'],
    [['money'], '2500000.5', '2500000.5'],
    [[{ money: { cents: true } }], 100000000, '"100000000" = 1000000'],
    [[{ money: { cents: true } }], '123456789012', '"123456789012" = 1234567890.12'],
  ])('%j %j is a bad-price error and no value', (steps, input, shown) => {
    expect(money(steps, input)).toEqual({
      value: null,
      issues: [`error:bad-price:implausible price ${shown} (1,000,000 or more; a misread cell?): left out`],
    });
  });

  it.each<[TransformStep[], string | number, number]>([
    [['money'], '999999.99', 999999.99],
    [['money'], 999999.994, 999999.99],
    [['money'], '44000', 44000],
    [[{ money: { cents: true } }], 99999999, 999999.99],
  ])('%j %j just below the limit is a price', (steps, input, value) => {
    expect(money(steps, input).value).toBe(value);
  });

  it('treats the limit as inclusive and the sign as irrelevant', () => {
    expect(isImplausiblePrice(PRICE_LIMIT)).toBe(true);
    expect(isImplausiblePrice(-PRICE_LIMIT)).toBe(true);
    expect(isImplausiblePrice(PRICE_LIMIT - 0.01)).toBe(false);
  });
});

describe('validateMenu with a price limit', () => {
  const menu = {
    categories: [],
    products: [
      {
        ext_id: 'P1',
        name: 'Tea',
        price: 2_000_000,
        options: [
          {
            ext_id: 'SIZE',
            option_values: [{ ext_id: 'L', name: 'Large', price_operator: '+', price_operand: 1_500_000 }],
          },
        ],
      },
    ],
  };

  it('reports product prices and price operands at or above the limit, by path', () => {
    expect(validateMenu(menu, { priceLimit: PRICE_LIMIT })).toEqual([
      expect.objectContaining({ code: 'bad-price', path: 'products[ext_id=P1].price' }),
      expect.objectContaining({
        code: 'bad-price',
        path: 'products[ext_id=P1].options[ext_id=SIZE].option_values[0].price_operand',
      }),
    ]);
  });

  it('has no limit unless asked (the sandbox plays a platform that publishes none)', () => {
    expect(validateMenu(menu)).toEqual([]);
  });
});

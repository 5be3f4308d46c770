import { describe, expect, it } from 'vitest';
import { fromCents, normalizeMoney, roundMoney } from '../../src/model/index.js';

describe('money', () => {
  it.each([
    [0.1 + 0.2, 0.3],
    [1.005, 1.01],
    [2.675, 2.68],
    [19.999, 20],
    [-1.005, -1.01],
    [44000, 44000],
    [0, 0],
    [3.5, 3.5],
    [0.07, 0.07],
    [-2.25, -2.25],
  ])('rounds %d to %d', (input, expected) => {
    expect(roundMoney(input)).toBe(expected);
  });

  it('converts integer cents to currency units', () => {
    expect(fromCents(1099)).toBe(10.99);
    expect(fromCents(5)).toBe(0.05);
  });

  it('leaves no float artefacts in a menu', () => {
    const menu = normalizeMoney({
      categories: [
        {
          ext_id: 'C',
          options: [{ ext_id: 'O', option_values: [{ ext_id: 'V', price_operand: 0.1 + 0.2 }] }],
        },
      ],
      products: [{ ext_id: 'P', price: 1.1 * 3, options: [] }],
    });
    expect(JSON.stringify(menu)).not.toMatch(/\d\.\d{3,}/);
    expect(menu.products[0]!.price).toBe(3.3);
    expect(menu.categories[0]!.options![0]!.option_values![0]!.price_operand).toBe(0.3);
  });
});

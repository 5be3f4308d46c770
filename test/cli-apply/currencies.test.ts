import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath } from '../mappings/helpers.js';
import { startWorld, type CliWorld } from './fixture.js';

// Menus priced in currencies without a minor unit, extracted and applied through the CLI to a
// real sandbox: the mapping's `money: { currency }` sets the rounding and the price limit.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

const apply = (currency: 'vnd' | 'jpy') =>
  w.run([
    'apply',
    '--mapping',
    fixturePath(`currencies/${currency}-mapping.yaml`),
    '--input',
    fixturePath(`currencies/${currency}-menu.csv`),
    '--state',
    w.stateDir,
    '--yes',
    '--max-attempts',
    '1',
  ]);

describe('prices in the mapping currency', () => {
  it('applies a VND menu with a set menu of 1,200,000 dong', async () => {
    const result = await apply('vnd');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('0 warnings, 0 errors');
    const live = w.sandbox.exportMenu(w.clientId).products;
    expect(live.find((p) => p.ext_id === 'set-menu')?.price).toBe(1_200_000);
    expect(live.find((p) => p.ext_id === 'pho-bo')?.price).toBe(65_000);
    const sizes = live.find((p) => p.ext_id === 'pho-bo')?.options?.[0]?.option_values;
    expect(sizes?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Nhỏ', 0],
      ['Lớn', 20_000],
    ]);
  });

  it('applies a JPY menu in whole yen, the odd 450.4 rounded with a warning', async () => {
    const result = await apply('jpy');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/rounded 450\.4 to 450/);
    const live = w.sandbox.exportMenu(w.clientId).products;
    expect(live.map((p) => [p.name, p.price])).toEqual([
      ['醤油ラーメン', 880],
      ['餃子', 450],
      ['おまかせコース', 12_000],
    ]);
    for (const product of live) expect(Number.isInteger(product.price)).toBe(true);
    const sizes = live[0]?.options?.[0]?.option_values ?? [];
    expect(sizes.map((v) => v.price_operand)).toEqual([0, 200]);
  });
});

import { describe, expect, it } from 'vitest';
import { parseMappingText } from '../../src/mapping/loader.js';
import { compileMoney } from '../../src/mapping/transforms/money.js';
import type { Scalar, TransformSink } from '../../src/mapping/types.js';
import { moneyRules } from '../../src/model/currency.js';
import { roundMoney } from '../../src/model/money.js';
import { HEADER, runInline } from './helpers.js';

function read(value: Scalar, currency?: string, options: { cents?: boolean; max?: number } = {}) {
  const issues: [string, string, string][] = [];
  const sink: TransformSink = {
    issue: (code, severity, message) => issues.push([code, severity, message]),
    skip: () => undefined,
  };
  const rules = moneyRules({
    ...(currency ? { currency } : {}),
    ...(options.max ? { max: options.max } : {}),
  });
  const money = compileMoney(options.cents ? { cents: true } : {}, rules);
  return { value: money(value, sink), issues };
}

describe('money in the mapping currency', () => {
  it('knows the minor unit and a price limit of each currency', () => {
    expect(moneyRules(undefined)).toEqual({ digits: 2, limit: 1_000_000 });
    expect(moneyRules({ currency: 'JPY' })).toMatchObject({ digits: 0 });
    expect(moneyRules({ currency: 'KRW' })).toMatchObject({ digits: 0 });
    expect(moneyRules({ currency: 'KWD' })).toEqual({ currency: 'KWD', digits: 3, limit: 1_000_000 });
    expect(moneyRules({ currency: 'VND' })).toEqual({ currency: 'VND', digits: 0, limit: 1_000_000_000 });
    expect(moneyRules({ currency: 'EUR', max: 5000 })).toEqual({ currency: 'EUR', digits: 2, limit: 5000 });
    expect(moneyRules({ max: 5000 })).toEqual({ digits: 2, limit: 5000 });
  });

  it('rounds to the minor unit', () => {
    expect(roundMoney(450.5, 0)).toBe(451);
    expect(roundMoney(1.2345, 3)).toBe(1.235);
    expect(roundMoney(1.005, 2)).toBe(1.01);
  });

  it('reads 1,200,000 dong as a price, written in any usual way', () => {
    for (const text of ['1200000', '1.200.000', '1,200,000', '1 200 000 ₫', 1_200_000]) {
      expect(read(text, 'VND')).toEqual({ value: 1_200_000, issues: [] });
    }
    expect(read('65.000', 'VND').value).toBe(65_000);
  });

  it('keeps a million a bad-price error without a currency, and at the limit of a currency', () => {
    expect(read('1200000').issues.map((i) => i[0])).toEqual(['bad-price']);
    expect(read('1200000', 'EUR').value).toBeNull();
    expect(read('1500000000', 'VND').issues[0]?.[2]).toContain('1,000,000,000 or more');
    expect(read('6000', 'EUR', { max: 5000 }).value).toBeNull();
  });

  it('gives whole yen, and says when it rounds', () => {
    expect(read('880', 'JPY')).toEqual({ value: 880, issues: [] });
    expect(read('¥1,080', 'JPY').value).toBe(1080);
    expect(read('450.4', 'JPY')).toEqual({
      value: 450,
      issues: [['bad-price', 'warning', 'rounded 450.4 to 450']],
    });
    expect(read(1500, 'JPY', { cents: true }).value).toBe(1500);
  });

  it('keeps three decimals of dinar', () => {
    expect(read('1.250', 'KWD')).toEqual({ value: 1.25, issues: [] });
    expect(read('2.3456', 'KWD')).toEqual({
      value: 2.346,
      issues: [['bad-price', 'warning', 'rounded 2.3456 to 2.346']],
    });
    expect(read(12345, 'KWD', { cents: true }).value).toBe(12.345);
  });

  it('keeps the third decimal of a variant price difference in dinar', async () => {
    const csv = ['Handle,Name,Size,Price', 'tea,Tea,S,1.250', 'tea,,L,1.875'].join('\n');
    const result = await runInline(
      `${HEADER}money: { currency: KWD }
sources: { items: { format: csv } }
kind: table
table:
  source: items
  group: { by: key, key: '{Handle}' }
  product: { ext_id: '{Handle}', name: { column: Name }, price: { column: Price, transforms: [money] } }
  variants:
    option: { name: Size }
    value: { name: { column: Size }, price: { column: Price, transforms: [money] } }
  category: { name: { value: Menu } }
`,
      { 'items.csv': csv },
    );
    expect(result.issues).toEqual([]);
    const product = result.menu.products[0];
    expect(product?.price).toBe(1.25);
    expect(product?.options?.[0]?.option_values?.map((v) => v.price_operand)).toEqual([0, 0.625]);
  });

  it('refuses a currency that is not an ISO 4217 code, with its line', () => {
    const text = `${HEADER}money: { currency: DONG }
sources: { items: { format: csv } }
kind: table
table: { source: items, product: { ext_id: '{A}', name: { column: A } } }
`;
    expect(() => parseMappingText(text, 'inline.yaml')).toThrow(/inline\.yaml:5: .*ISO 4217/);
  });
});

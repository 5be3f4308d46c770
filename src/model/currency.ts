import { DEFAULT_MONEY_RULES, PRICE_LIMIT, type MoneyRules } from './money.js';

// Minor units from ISO 4217 (the "Minor unit" column of the list of current codes): currencies
// not listed here have two decimals. https://www.six-group.com/en/products-services/financial-information/data-standards.html
const MINOR_UNITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

// Where one euro buys thousands of units, a plain dish costs hundreds of thousands of them and a
// set menu millions (1,200,000 VND is about 45 EUR): the limit moves up with the unit's size so it
// still only catches misread cells. Orders of magnitude, not exchange rates; `money.max` overrides.
const LIMIT_BY_CURRENCY: Readonly<Record<string, number>> = {
  IRR: 10_000_000_000,
  LBP: 1_000_000_000,
  VND: 1_000_000_000,
  IDR: 1_000_000_000,
  LAK: 1_000_000_000,
  UZS: 1_000_000_000,
  SLL: 1_000_000_000,
  GNF: 1_000_000_000,
  SYP: 1_000_000_000,
  KRW: 100_000_000,
  COP: 100_000_000,
  PYG: 100_000_000,
  MMK: 100_000_000,
  KHR: 100_000_000,
  UGX: 100_000_000,
  TZS: 100_000_000,
  MGA: 100_000_000,
  IQD: 100_000_000,
  CLP: 100_000_000,
  MNT: 100_000_000,
  BIF: 100_000_000,
  CDF: 100_000_000,
  MWK: 100_000_000,
  RWF: 100_000_000,
  NGN: 100_000_000,
  KZT: 10_000_000,
  HUF: 10_000_000,
  ISK: 10_000_000,
  JPY: 10_000_000,
  XAF: 10_000_000,
  XOF: 10_000_000,
  KES: 10_000_000,
  LKR: 10_000_000,
  PKR: 10_000_000,
  ARS: 10_000_000,
};

/** Every ISO 4217 code this Node knows (Intl), for checking a mapping's `money.currency`. */
export function isKnownCurrency(code: string): boolean {
  return Intl.supportedValuesOf('currency').includes(code);
}

/** Decimal places of the currency's minor unit: 2 unless ISO 4217 says otherwise. */
export function minorUnits(currency: string): number {
  return MINOR_UNITS[currency] ?? 2;
}

/** The price limit of a currency when the mapping sets none. */
export function defaultPriceLimit(currency: string): number {
  return LIMIT_BY_CURRENCY[currency] ?? PRICE_LIMIT;
}

/** A mapping's `money:` settings as rules; without them, cents and the one-million limit. */
export function moneyRules(settings: { currency?: string; max?: number } | undefined): MoneyRules {
  if (!settings) return DEFAULT_MONEY_RULES;
  const { currency, max } = settings;
  if (currency === undefined) return { digits: 2, limit: max ?? PRICE_LIMIT };
  return { currency, digits: minorUnits(currency), limit: max ?? defaultPriceLimit(currency) };
}

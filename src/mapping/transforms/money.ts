import {
  DEFAULT_MONEY_RULES,
  implausiblePriceMessage,
  isImplausiblePrice,
  roundMoney,
  type MoneyRules,
} from '../../model/money.js';
import type { MoneyOptions } from '../value-schema.js';
import type { CompiledTransform } from './types.js';

// Currency symbols, codes and spaces around a number; stripped before parsing.
const NOISE = /[\s\u00a0\u202f'’]|[A-Za-z]{3}$|^[A-Za-z]{3}|[$€£¥₹₩₽₺₫₱₦₴₪₡₲₵]|R\$|zł|kr|Fr\.?/gu;
const PLAIN = /^[+-]?\d+(\.\d+)?$/;
const CENTS_TEXT = /^[+-]?\d+(\.\d{1,2})?$/;

// `65.000` in a currency without decimals (VND, JPY) is sixty-five thousand.
const DOT_THOUSANDS = /\.\d{3}$/;

/**
 * Parses a price as people write it in exports: `4.99`, `4,99`, `1.234,56`, `1,234.56`, `€ 3,90`,
 * `1.200.000`. `digits`: the currency's minor unit; with none, `65.000` is 65000. Returns
 * undefined when the text is not a number. Rules documented in docs/mapping-format.md.
 */
export function parseMoneyText(
  text: string,
  decimal: 'auto' | '.' | ',' = 'auto',
  digits = 2,
): number | undefined {
  const trimmed = text.trim();
  // Fast path for the common `12.50` (no symbols, no separators) when dot decimals are allowed.
  if (
    decimal !== ',' &&
    PLAIN.test(trimmed) &&
    !(decimal === 'auto' && digits === 0 && DOT_THOUSANDS.test(trimmed))
  )
    return Number(trimmed);
  let s = trimmed.replace(NOISE, '');
  if (s === '') return undefined;
  const mark = decimal === 'auto' ? guessDecimalMark(s, digits) : decimal;
  const thousands = mark === '.' ? ',' : '.';
  s = s.split(thousands).join('');
  if (mark === ',') s = s.replace(',', '.');
  if (!PLAIN.test(s)) return undefined;
  return Number(s);
}

function guessDecimalMark(s: string, digits: number): '.' | ',' {
  const dot = s.lastIndexOf('.');
  const comma = s.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) return dot > comma ? '.' : ',';
  // Dots between groups of three digits (`1.200.000`) separate thousands; so does one dot before
  // three digits in a currency without decimals (`65.000` dong).
  if (
    dot >= 0 &&
    (/^[+-]?\d{1,3}(\.\d{3}){2,}$/.test(s) || (digits === 0 && /^[+-]?\d{1,3}\.\d{3}$/.test(s)))
  )
    return ',';
  if (comma >= 0) {
    // One comma followed by 1-2 digits is a decimal comma (3,5 / 4,20); 1,500 is thousands.
    const single = s.indexOf(',') === comma;
    return single && /^\d{1,2}$/.test(s.slice(comma + 1)) ? ',' : '.';
  }
  return '.';
}

/**
 * `rules`: the mapping's currency. Amounts are rounded to its minor unit (whole yen, cents, fils)
 * and bounded by its limit; `cents: true` reads amounts in that minor unit.
 */
export function compileMoney(
  options: MoneyOptions = {},
  rules: MoneyRules = DEFAULT_MONEY_RULES,
): CompiledTransform {
  const { digits, limit } = rules;
  const divisor = options.cents ? 10 ** digits : 1;
  const policy = options.variable ?? 'warn';
  // The fast path below keeps up to two decimals as written: right for cents and finer units.
  const plainText = divisor === 1 && options.decimal !== ',' && digits >= 2;
  return (value, sink) => {
    if (value === null) return null;
    let amount: number | undefined;
    if (typeof value === 'number') amount = value;
    else if (typeof value === 'string') {
      const trimmed = value.trim();
      // The length first: no lower-cased copy of every price of a big export.
      if (trimmed.length === 8 && trimmed.toLowerCase() === 'variable') {
        if (policy === 'zero') return 0;
        if (policy === 'skip') sink.skip('variable-price');
        else sink.issue('bad-price', 'warning', 'variable price: no fixed price, left out');
        return null;
      }
      // Two decimals at most, dot mark: the parsed double is already what roundMoney would return.
      if (plainText && CENTS_TEXT.test(trimmed)) {
        const plain = Number(trimmed);
        if (!isImplausiblePrice(plain, limit)) return plain;
        sink.issue('bad-price', 'error', implausiblePriceMessage(plain, trimmed, limit));
        return null;
      }
      amount = parseMoneyText(trimmed, options.decimal ?? 'auto', digits);
    }
    if (amount === undefined || !Number.isFinite(amount)) {
      sink.issue('bad-price', 'error', `not a price: "${String(value)}"`);
      return null;
    }
    const exact = amount / divisor;
    const rounded = roundMoney(exact, digits);
    if (isImplausiblePrice(rounded, limit)) {
      sink.issue('bad-price', 'error', implausiblePriceMessage(rounded, String(value).trim(), limit));
      return null;
    }
    // Digits past the minor unit are data the currency cannot hold: say so (not for binary float noise).
    if (Math.abs(rounded - exact) > 1e-9) {
      sink.issue('bad-price', 'warning', `rounded ${String(value).trim()} to ${rounded.toFixed(digits)}`);
    }
    return rounded;
  };
}

import { implausiblePriceMessage, isImplausiblePrice, roundMoney } from '../../model/money.js';
import type { MoneyOptions } from '../value-schema.js';
import type { CompiledTransform } from './types.js';

// Currency symbols, codes and spaces around a number; stripped before parsing.
const NOISE = /[\s\u00a0\u202f'’]|[A-Za-z]{3}$|^[A-Za-z]{3}|[$€£¥₹₩₽₺₫₱₦₴₪₡₲₵]|R\$|zł|kr|Fr\.?/gu;
const PLAIN = /^[+-]?\d+(\.\d+)?$/;
const CENTS_TEXT = /^[+-]?\d+(\.\d{1,2})?$/;

/**
 * Parses a price as people write it in exports: `4.99`, `4,99`, `1.234,56`, `1,234.56`, `€ 3,90`.
 * Returns undefined when the text is not a number. Rules documented in docs/mapping-format.md.
 */
export function parseMoneyText(text: string, decimal: 'auto' | '.' | ',' = 'auto'): number | undefined {
  const trimmed = text.trim();
  // Fast path for the common `12.50` (no symbols, no separators) when dot decimals are allowed.
  if (decimal !== ',' && PLAIN.test(trimmed)) return Number(trimmed);
  let s = trimmed.replace(NOISE, '');
  if (s === '') return undefined;
  const mark = decimal === 'auto' ? guessDecimalMark(s) : decimal;
  const thousands = mark === '.' ? ',' : '.';
  s = s.split(thousands).join('');
  if (mark === ',') s = s.replace(',', '.');
  if (!PLAIN.test(s)) return undefined;
  return Number(s);
}

function guessDecimalMark(s: string): '.' | ',' {
  const dot = s.lastIndexOf('.');
  const comma = s.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) return dot > comma ? '.' : ',';
  if (comma >= 0) {
    // One comma followed by 1-2 digits is a decimal comma (3,5 / 4,20); 1,500 is thousands.
    const single = s.indexOf(',') === comma;
    return single && /^\d{1,2}$/.test(s.slice(comma + 1)) ? ',' : '.';
  }
  return '.';
}

export function compileMoney(options: MoneyOptions = {}): CompiledTransform {
  const divisor = options.cents ? 100 : 1;
  const policy = options.variable ?? 'warn';
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
      if (divisor === 1 && options.decimal !== ',' && CENTS_TEXT.test(trimmed)) {
        const plain = Number(trimmed);
        if (!isImplausiblePrice(plain)) return plain;
        sink.issue('bad-price', 'error', implausiblePriceMessage(plain, trimmed));
        return null;
      }
      amount = parseMoneyText(trimmed, options.decimal ?? 'auto');
    }
    if (amount === undefined || !Number.isFinite(amount)) {
      sink.issue('bad-price', 'error', `not a price: "${String(value)}"`);
      return null;
    }
    const exact = amount / divisor;
    const rounded = roundMoney(exact);
    if (isImplausiblePrice(rounded)) {
      sink.issue('bad-price', 'error', implausiblePriceMessage(rounded, String(value).trim()));
      return null;
    }
    // Digits past the cent are data the platform cannot hold: say so (not for binary float noise).
    if (Math.abs(rounded - exact) > 1e-9) {
      sink.issue('bad-price', 'warning', `rounded ${String(value).trim()} to ${rounded.toFixed(2)}`);
    }
    return rounded;
  };
}

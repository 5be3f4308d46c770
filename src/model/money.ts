/**
 * Money goes out in currency units rounded to the currency's minor unit (`digits`: 2 for cents, 0
 * for JPY and KRW, 3 for KWD). Rounding through the decimal exponent avoids binary artefacts such
 * as 1.005 * 100 = 100.49999999999999 and 0.1 + 0.2 = 0.30000000000000004.
 */
export function roundMoney(amount: number, digits = 2): number {
  const scale = 10 ** digits;
  // Already whole minor units (almost every amount read from a file): the string round trip below
  // would return the nearest double to the same k/scale, which is `amount` itself.
  if (Math.round(amount * scale) / scale === amount) return amount;
  if (!Number.isFinite(amount)) return amount;
  const abs = Math.abs(amount);
  // The decimal-exponent trick below needs plain digits: String() writes 1e+21 and 1e-7 in exponent
  // form, and "1e+21e2" is NaN. Doubles from 2^53 up are whole numbers; below a hundredth of the
  // minor unit the amount rounds to 0.
  if (abs >= Number.MAX_SAFE_INTEGER) return amount;
  if (abs < 10 ** -(digits + 2)) return 0;
  const rounded = Number(`${Math.round(Number(`${abs}e${digits}`))}e-${digits}`);
  return amount < 0 ? -rounded : rounded;
}

/** Integer minor units (cents) to currency units. */
export function fromCents(cents: number): number {
  return roundMoney(cents / 100);
}

/**
 * No menu item costs a million euros, dollars or yen: an amount from here up is a misread cell
 * (cents read as units, a barcode in the price column, a lost decimal mark), and sending it would
 * put that price live. Reported as a `bad-price` error where the amount is read. Currencies whose
 * unit is worth little have a higher limit (currency.ts); a mapping can set its own (`money.max`).
 */
export const PRICE_LIMIT = 1_000_000;

/** How a mapping's amounts are rounded and bounded: from `money:` (currency.ts), else cents and PRICE_LIMIT. */
export interface MoneyRules {
  /** ISO 4217 code, when the mapping names one. */
  currency?: string;
  /** Decimal places of the minor unit. */
  digits: number;
  /** Amounts at or above this are `bad-price` errors. */
  limit: number;
}

export const DEFAULT_MONEY_RULES: MoneyRules = Object.freeze({ digits: 2, limit: PRICE_LIMIT });

/** True for an amount (currency units) that cannot be a real price: at or beyond the limit. */
export function isImplausiblePrice(amount: number, limit = PRICE_LIMIT): boolean {
  return Math.abs(amount) >= limit;
}

/** `implausible price 1500000 (1,000,000 or more)`: the problem text where a price is read. */
export function implausiblePriceMessage(amount: number, written?: string, limit = PRICE_LIMIT): string {
  const shown =
    written !== undefined && written !== String(amount) ? `"${written}" = ${amount}` : String(amount);
  return `implausible price ${shown} (${limit.toLocaleString('en-US')} or more; a misread cell?): left out`;
}

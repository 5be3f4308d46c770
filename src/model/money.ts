/**
 * Money goes out in currency units rounded to cents. Rounding through the decimal exponent avoids
 * binary artefacts such as 1.005 * 100 = 100.49999999999999 and 0.1 + 0.2 = 0.30000000000000004.
 */
export function roundMoney(amount: number): number {
  // Already whole cents (almost every amount read from a file): the string round trip below would
  // return the nearest double to the same k/100, which is `amount` itself.
  if (Math.round(amount * 100) / 100 === amount) return amount;
  if (!Number.isFinite(amount)) return amount;
  const abs = Math.abs(amount);
  // The decimal-exponent trick below needs plain digits: String() writes 1e+21 and 1e-7 in exponent
  // form, and "1e+21e2" is NaN. Doubles from 2^53 up are whole numbers; below a hundredth of a cent
  // the amount rounds to 0.
  if (abs >= Number.MAX_SAFE_INTEGER) return amount;
  if (abs < 1e-4) return 0;
  const rounded = Number(`${Math.round(Number(`${abs}e2`))}e-2`);
  return amount < 0 ? -rounded : rounded;
}

/** Integer minor units (cents) to currency units. */
export function fromCents(cents: number): number {
  return roundMoney(cents / 100);
}

/**
 * No menu item costs a million (in any currency menusync has met): an amount from here up is a
 * misread cell (cents read as units, a barcode in the price column, a lost decimal mark), and
 * sending it would put that price live. Reported as a `bad-price` error where the amount is read.
 */
export const PRICE_LIMIT = 1_000_000;

/** True for an amount (currency units) that cannot be a real price: at or beyond PRICE_LIMIT. */
export function isImplausiblePrice(amount: number): boolean {
  return Math.abs(amount) >= PRICE_LIMIT;
}

/** `implausible price 1500000 (1,000,000 or more)`: the problem text where a price is read. */
export function implausiblePriceMessage(amount: number, written?: string): string {
  const shown =
    written !== undefined && written !== String(amount) ? `"${written}" = ${amount}` : String(amount);
  return `implausible price ${shown} (${PRICE_LIMIT.toLocaleString('en-US')} or more; a misread cell?): left out`;
}

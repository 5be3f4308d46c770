/**
 * Money goes out in currency units rounded to cents. Rounding through the decimal exponent avoids
 * binary artefacts such as 1.005 * 100 = 100.49999999999999 and 0.1 + 0.2 = 0.30000000000000004.
 */
export function roundMoney(amount: number): number {
  // Already whole cents (almost every amount read from a file): the string round trip below would
  // return the nearest double to the same k/100, which is `amount` itself.
  if (Math.round(amount * 100) / 100 === amount) return amount;
  if (!Number.isFinite(amount)) return amount;
  const rounded = Number(`${Math.round(Number(`${Math.abs(amount)}e2`))}e-2`);
  return amount < 0 ? -rounded : rounded;
}

/** Integer minor units (cents) to currency units. */
export function fromCents(cents: number): number {
  return roundMoney(cents / 100);
}

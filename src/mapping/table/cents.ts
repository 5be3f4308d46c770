import { roundMoney } from '../../model/money.js';

/**
 * roundMoney to the currency's minor unit, skipped for the common case of an amount already in
 * whole minor units (the money transform rounds as it reads): same result, without roundMoney's
 * string round trip on every product.
 */
export function toCents(amount: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round(amount * scale) / scale === amount ? amount : roundMoney(amount, digits);
}

/** Difference of two amounts, exact via integer minor units (cents for `digits` 2). */
export function centsDifference(a: number, b: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round((a - b) * scale) / scale;
}

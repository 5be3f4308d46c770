import { roundMoney } from '../../model/money.js';

/**
 * roundMoney, skipped for the common case of an amount already in cents (the money transform
 * rounds as it reads): same result, without roundMoney's string round trip on every product.
 */
export function toCents(amount: number): number {
  return Math.round(amount * 100) / 100 === amount ? amount : roundMoney(amount);
}

/** Difference of two amounts in cents, exact via integer cents. */
export function centsDifference(a: number, b: number): number {
  return Math.round((a - b) * 100) / 100;
}

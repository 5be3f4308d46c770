import { countOf } from '../plural.js';
import type { Verification } from './types.js';

// What a read-back after apply compared, in words: the platform's read API returns categories with
// their options and a product count, not products, so "verified" alone would claim too much.

/** `compared 4 categories, their 2 options and 6 values, and 4 product counts`, or undefined. */
export function comparedText(verification: Verification): string | undefined {
  const c = verification.compared;
  if (!c) return undefined;
  return (
    `compared ${countOf(c.categories, 'category', 'categories')} (name, visibility, position), ` +
    `their ${countOf(c.options, 'option')} and ${countOf(c.optionValues, 'value')}, ` +
    `and ${countOf(c.productCounts, 'product count')}`
  );
}

/** `not shown by the platform, so not compared: products' names, prices, ...`, or undefined. */
export function notShownText(verification: Verification): string | undefined {
  const list = verification.notShown;
  if (!list || list.length === 0) return undefined;
  return `not shown by the platform, so not compared: ${list.join('; ')}`;
}

/** Both sentences, for one-line renderers. */
export function verificationScopeLines(verification: Verification): string[] {
  return [comparedText(verification), notShownText(verification)].filter(
    (line): line is string => line !== undefined,
  );
}

import { countOf } from '../plural.js';
import type { ExtractNote } from './types.js';

// The sentences of the notes a run leaves for its report: decisions, not problems.

/** `3 products without a category are in the fallback category "Uncategorized" (cat-uncategorized)`. */
export function fallbackNote(fallback: { extId: string; name: string; products: number }): ExtractNote {
  const products = countOf(fallback.products, 'product');
  const verb = fallback.products === 1 ? 'is' : 'are';
  return {
    code: 'fallback-category',
    message: `${products} without a category ${verb} in the fallback category "${fallback.name}" (${fallback.extId})`,
  };
}

/** One line per note, for the terminal. */
export function noteLines(notes: readonly ExtractNote[]): string[] {
  return notes.map((note) => `note: ${note.message}`);
}

/**
 * `2 products have one variant row: it gave the product its price (no option; first at row 7)`:
 * the row is in the menu as the product's price, and the run says so rather than absorb it.
 */
export function singleVariantNote(single: { products: number; firstRow: number }): ExtractNote {
  const products = countOf(single.products, 'product');
  const verb = single.products === 1 ? 'has' : 'have';
  return {
    code: 'single-variant',
    message: `${products} ${verb} one variant row: it gave the product its price, no option (first at row ${single.firstRow})`,
  };
}

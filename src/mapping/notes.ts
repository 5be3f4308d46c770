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

/**
 * `the export has no column "Product Attributes/Product Attribute Values": no options[0] values…`:
 * an optional column left out of an export is a choice of whoever exported it, said once.
 */
export function absentColumnNote(column: string, consequence: string): ExtractNote {
  return { code: 'absent-column', message: `the export has no column ${column}: ${consequence}` };
}

/**
 * `product ext_ids from "Barcode" for 106 products, from odoo-{slug(Name)} for 3`: an id from a
 * name changes with the name (a rename deletes and re-creates the product), so the run says which
 * whenever any id came from other than the mapping's first choice.
 */
export function productIdSourceNote(sources: {
  labels: string[];
  counts: number[];
}): ExtractNote | undefined {
  const used = sources.labels
    .map((label, i) => ({ label, count: sources.counts[i] ?? 0 }))
    .filter((s) => s.count > 0);
  // Every id from the mapping's first choice is the normal night: nothing to say to a manager.
  if (used.length === 0 || (used.length === 1 && used[0]!.label === sources.labels[0])) return undefined;
  const parts = used.map((s) => `from ${s.label} for ${countOf(s.count, 'product')}`);
  return { code: 'product-id-source', message: `product ext_ids ${parts.join(', ')}` };
}

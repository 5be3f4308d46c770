import type { ImportCategory, ImportProduct } from '../../model/import-payload.js';
import { fallbackNote } from '../notes.js';
import type { ExtractNote, ExtractResultParts } from '../types.js';
import type { CompiledDocument } from './compile.js';

// The pages of one menu (a `many` source) are mapped one by one (run.ts) and joined here.

/** One document's share of the menu; its fallback products are put in the category once, for all. */
export type DocumentRun = ExtractResultParts & { fallbackProducts: number };

/**
 * One menu from the documents' runs, in input order: categories numbered through, products
 * numbered within their category through every document, one fallback category and note for all.
 */
export function joinDocuments(
  runs: readonly DocumentRun[],
  declared: CompiledDocument['products']['categoryFallback'],
): ExtractResultParts {
  const categories: ImportCategory[] = [];
  const products: ImportProduct[] = [];
  const skipped = new Map<string, number>();
  let fallbackProducts = 0;
  for (const run of runs) {
    for (const c of run.menu.categories) categories.push({ ...c, position: categories.length + 1 });
    products.push(...run.menu.products);
    for (const { reason, count } of run.skipped) skipped.set(reason, (skipped.get(reason) ?? 0) + count);
    fallbackProducts += run.fallbackProducts;
  }
  if (runs.length > 1) {
    const positions = new Map<string, number>();
    for (const [i, p] of products.entries()) {
      const category = p.category_ext_id ?? '';
      const position = (positions.get(category) ?? 0) + 1;
      positions.set(category, position);
      products[i] = { ...p, position };
    }
  }
  const notes: ExtractNote[] = [];
  if (declared && fallbackProducts > 0) {
    if (!categories.some((c) => c.ext_id === declared.ext_id))
      categories.push({ ext_id: declared.ext_id, name: declared.name, position: categories.length + 1 });
    notes.push(fallbackNote({ extId: declared.ext_id, name: declared.name, products: fallbackProducts }));
  }
  return {
    menu: { categories, products },
    issues: runs.flatMap((run) => run.issues),
    skipped: [...skipped].map(([reason, count]) => ({ reason, count })),
    notes,
    rows: runs.reduce((sum, run) => sum + run.rows, 0),
  };
}

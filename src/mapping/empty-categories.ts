import type { ImportCategory, ImportProduct } from '../model/import-payload.js';
import { countOf } from '../plural.js';
import type { EmptyCategories } from './schema.js';
import type { ExtractNote, ExtractResultParts } from './types.js';

// The platform's categories are flat (platform-interface.md "Import category" has no parent), so a
// group of a POS tree that holds only sub-groups (iiko, Toast) would go live as an empty category.
// Such categories are left out and counted; one whose products are all hidden is hidden with them.

export const EMPTY_CATEGORY_REASON = 'category with no product (empty_categories: keep keeps it)';

/** The menu without its empty categories (positions renumbered), with the skip count and a note. */
export function settleEmptyCategories(
  parts: ExtractResultParts,
  action: EmptyCategories = 'skip',
): ExtractResultParts {
  if (action === 'keep') return parts;
  const visible = new Set<string>();
  const any = new Set<string>();
  for (const product of parts.menu.products) {
    const category = (product as ImportProduct).category_ext_id;
    if (category === undefined) continue;
    any.add(category);
    if (product.hidden !== true) visible.add(category);
  }
  const kept: ImportCategory[] = [];
  let hidden = 0;
  for (const category of parts.menu.categories) {
    if (!any.has(category.ext_id)) continue;
    const position = kept.length + 1;
    // Its products stay (hidden, not deleted), so their category must stay too: hidden like them.
    const hide = !visible.has(category.ext_id) && category.hidden !== true;
    if (hide) hidden++;
    kept.push(
      category.position === position && !hide
        ? category
        : { ...category, position, ...(hide ? { hidden: true } : {}) },
    );
  }
  const dropped = parts.menu.categories.length - kept.length;
  if (dropped === 0 && hidden === 0) return parts;
  return {
    ...parts,
    menu: { ...parts.menu, categories: kept },
    skipped:
      dropped > 0 ? [...parts.skipped, { reason: EMPTY_CATEGORY_REASON, count: dropped }] : parts.skipped,
    notes: hidden > 0 ? [...(parts.notes ?? []), hiddenNote(hidden)] : (parts.notes ?? []),
  };
}

function hiddenNote(count: number): ExtractNote {
  const categories = countOf(count, 'category', 'categories');
  return {
    code: 'empty-category',
    message: `${categories} whose products are all hidden ${count === 1 ? 'is' : 'are'} hidden too`,
  };
}

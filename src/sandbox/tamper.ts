import { z } from 'zod';
import type { ClientMenu } from './apply-import.js';
import type { StoredCategory } from './stored-menu.js';

/**
 * Changes to a client's menu made behind menusync's back, as a restaurant's staff do in the
 * platform's back office: for tests, and for users trying how `plan` shows drift.
 * `POST /_sandbox/tamper` (or `menusync sandbox --tamper`) takes one of these.
 */
export const TamperSpec = z
  .object({
    /** Remove this many products, the last ones of the menu first. */
    removeProducts: z.number().int().min(0).optional(),
    /** Add a category with no ext_id (made by hand); a string names it. */
    addHandmadeCategory: z.union([z.boolean(), z.string().min(1)]).optional(),
    /** Hide these categories (by ext_id). */
    hideCategories: z.array(z.string()).optional(),
  })
  .strict();
export type TamperSpec = z.infer<typeof TamperSpec>;

export interface TamperResult {
  removedProducts: number;
  addedCategories: number;
  hiddenCategories: number;
}

/** The menu after the tamper; the input is not changed. */
export function tamperMenu(
  menu: ClientMenu,
  spec: TamperSpec,
  newUid: () => string,
): { menu: ClientMenu; result: TamperResult } {
  const remove = Math.min(spec.removeProducts ?? 0, menu.products.length);
  const products = menu.products.slice(0, menu.products.length - remove);
  const hide = new Set(spec.hideCategories ?? []);
  let hidden = 0;
  const categories = menu.categories.map((category) => {
    if (!hide.has(category.ext_id)) return category;
    hidden += 1;
    return { ...category, hidden: true };
  });
  if (spec.addHandmadeCategory) {
    const name = typeof spec.addHandmadeCategory === 'string' ? spec.addHandmadeCategory : 'Added by hand';
    // No ext_id at all, as the platform's back office creates it: the import types cannot say so.
    categories.push({ uid: newUid(), name, hidden: false } as unknown as StoredCategory);
  }
  return {
    menu: { categories, products },
    result: {
      removedProducts: remove,
      addedCategories: spec.addHandmadeCategory ? 1 : 0,
      hiddenCategories: hidden,
    },
  };
}

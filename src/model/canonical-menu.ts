import { z } from 'zod';
import { ImportCategory, ImportProduct } from './import-payload.js';

/**
 * The desired menu as extract produces it and plan consumes it: the `categories` and `products`
 * of an import payload, without the request envelope.
 */
export const CanonicalMenu = z.object({
  categories: z.array(ImportCategory),
  products: z.array(ImportProduct),
});
export type CanonicalMenu = z.infer<typeof CanonicalMenu>;

export function emptyMenu(): CanonicalMenu {
  return { categories: [], products: [] };
}

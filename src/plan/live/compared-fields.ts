/**
 * The fields GET /menu/categories shows that menusync also sends, per kind: what the read-back
 * after an apply (apply/verify.ts) and the live menu's comparisons (drift, a replace against the
 * live menu) look at. Products are not listed by the platform: only their count per category.
 */
export const CATEGORY_FIELDS = ['name', 'hidden', 'position'] as const;
export const OPTION_FIELDS = [
  'name',
  'short_name',
  'type',
  'min_selectable',
  'max_selectable',
  'max_quantity',
  'hidden',
  'position',
] as const;
export const VALUE_FIELDS = [
  'name',
  'short_name',
  'price_operator',
  'price_operand',
  'hidden',
  'checked_default',
  'position',
] as const;

/** Money comes back as a JSON number: compared to the cent rather than bit for bit. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 0.005;
  return a === b;
}

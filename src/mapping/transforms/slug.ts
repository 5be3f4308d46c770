import type { CompiledTransform } from '../types.js';

/**
 * Deterministic id text from a name: `Café Crème 50%` -> `cafe-creme-50`. Stable ext_ids for exports
 * that have none must come from names, never from row numbers that shift when rows are added.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const slugTransform: CompiledTransform = (value) => {
  if (value === null) return null;
  const s = slugify(String(value));
  return s === '' ? null : s;
};

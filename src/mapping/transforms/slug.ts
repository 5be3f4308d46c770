import type { CompiledTransform } from './types.js';

/**
 * Deterministic id text from a name: `Café Crème 50%` -> `cafe-creme-50`. Stable ext_ids for exports
 * that have none must come from names, never from row numbers that shift when rows are added.
 */
const SIMPLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ASCII = /^[\x20-\x7e]*$/;

export function slugify(text: string): string {
  // Fast paths: most names are plain ASCII, and ids are often slugs already (100k-row exports).
  if (SIMPLE.test(text)) return text;
  const source = ASCII.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return source
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const slugTransform: CompiledTransform = (value) => {
  if (value === null) return null;
  const s = slugify(String(value));
  return s === '' ? null : s;
};

import { memoByText } from '../../model/text-memo.js';
import type { CategoryPathOptions } from '../value-schema.js';
import type { CompiledTransform } from './types.js';

const DEFAULT_SEPARATORS = ['>', '/'];

/** Splits `Food > Pizza > Red` into trimmed, non-empty segments; the first separator that occurs wins. */
export function splitCategoryPath(
  path: string,
  separators: readonly string[] = DEFAULT_SEPARATORS,
): string[] {
  const separator = separators.find((s) => path.includes(s));
  const parts = separator === undefined ? [path] : path.split(separator);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** The platform's categories are flat: a path becomes one name (last segment by default). */
export function flattenCategoryPath(path: string, options: CategoryPathOptions = {}): string | null {
  const separators =
    options.separator === undefined
      ? DEFAULT_SEPARATORS
      : Array.isArray(options.separator)
        ? options.separator
        : [options.separator];
  const segments = splitCategoryPath(path, separators);
  if (segments.length === 0) return null;
  const take = options.take ?? 'last';
  if (take === 'first') return segments[0] ?? null;
  if (take === 'join') return segments.join(options.join_with ?? ' > ');
  return segments[segments.length - 1] ?? null;
}

export function compileCategoryPath(options: CategoryPathOptions = {}): CompiledTransform {
  // An export names a few hundred categories on 100k rows.
  const flatten = memoByText((path) => flattenCategoryPath(path, options), { maxLength: Infinity });
  return (value) => (value === null ? null : flatten(String(value)));
}

import type { RemoteCategory } from './types.js';

/**
 * The common case of category-page.ts's CategoryPage schema without zod: a page whose every member
 * has the schema's type gives the categories zod would give, in the same shape (declared members
 * first in declaration order, then the others as listed, `__proto__` dropped). Anything this does
 * not accept for certain (a wrong type, a value zod might take that this does not) answers
 * undefined, and the caller parses the page with zod instead, which accepts it or says what is wrong.
 * Zod's own pass over a 500-category menu was most of a live read's time, most of it warming up.
 */
type Kind = 'string' | 'number' | 'int' | 'count' | 'boolean' | 'strings' | Fields;

interface Fields {
  /**
   * Declared members in declaration order, names and kinds apart (this runs cold, where indexing
   * beats destructuring); `uid` is the one required member at every level.
   */
  readonly names: readonly string[];
  readonly kinds: readonly Kind[];
  readonly declared: ReadonlySet<string>;
}

function fields(members: readonly (readonly [string, Kind])[]): Fields {
  const names = members.map(([name]) => name);
  return { names, kinds: members.map(([, kind]) => kind), declared: new Set(names) };
}

/** Must follow OptionValueRead, OptionRead and CategoryRead member for member (a test compares them). */
export const OPTION_VALUE_FIELDS = fields([
  ['uid', 'string'],
  ['ext_id', 'string'],
  ['name', 'string'],
  ['short_name', 'string'],
  ['price_operator', 'string'],
  ['price_operand', 'number'],
  ['hidden', 'boolean'],
  ['checked_default', 'boolean'],
  ['position', 'int'],
  ['subrestaurant_uids', 'strings'],
]);

export const OPTION_FIELDS = fields([
  ['uid', 'string'],
  ['ext_id', 'string'],
  ['name', 'string'],
  ['short_name', 'string'],
  ['type', 'string'],
  ['min_selectable', 'int'],
  ['max_selectable', 'int'],
  ['max_quantity', 'int'],
  ['note', 'string'],
  ['hidden', 'boolean'],
  ['position', 'int'],
  ['primary', 'boolean'],
  ['first_default', 'boolean'],
  ['show_caption', 'boolean'],
  ['print_caption', 'boolean'],
  ['subrestaurant_uids', 'strings'],
  ['option_values', OPTION_VALUE_FIELDS],
]);

export const CATEGORY_FIELDS = fields([
  ['uid', 'string'],
  ['ext_id', 'string'],
  ['name', 'string'],
  ['description', 'string'],
  ['image', 'string'],
  ['products_count', 'count'],
  ['url', 'string'],
  ['hidden', 'boolean'],
  ['position', 'int'],
  ['subrestaurant_uids', 'strings'],
  ['options', OPTION_FIELDS],
]);

/** The page's paging members and its categories, or undefined when only zod can tell. */
export interface ReadPage {
  page: number;
  pagesize: number;
  total_count: number;
  more: boolean;
  categories: RemoteCategory[];
}

/** One page of GET /menu/categories as CategoryPage.parse would give it, or undefined (see above). */
export function readCategoryPage(body: Record<string, unknown>): ReadPage | undefined {
  const { page, pagesize, total_count: total, more, categories } = body;
  if (!Number.isSafeInteger(page) || (page as number) < 1) return undefined;
  if (!Number.isSafeInteger(pagesize) || (pagesize as number) < 1 || (pagesize as number) > 100)
    return undefined;
  if (!Number.isSafeInteger(total) || (total as number) < 0) return undefined;
  if (typeof more !== 'boolean') return undefined;
  const read = objects(categories, CATEGORY_FIELDS);
  if (read === undefined) return undefined;
  return {
    page: page as number,
    pagesize: pagesize as number,
    total_count: total as number,
    more,
    categories: read as unknown as RemoteCategory[],
  };
}

function objects(value: unknown, of: Fields): Record<string, unknown>[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out = new Array<Record<string, unknown>>(value.length);
  for (let i = 0; i < value.length; i += 1) {
    const read = object(value[i], of);
    if (read === undefined) return undefined;
    out[i] = read;
  }
  return out;
}

function object(value: unknown, of: Fields): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const input = value as Record<string, unknown>;
  if (input.uid === undefined) return undefined;
  const out: Record<string, unknown> = {};
  const { names, kinds, declared } = of;
  for (let i = 0; i < names.length; i += 1) {
    const name = names[i]!;
    const value = input[name];
    // A member present with the value undefined (never so in JSON) is left to zod.
    if (value === undefined) {
      if (name in input) return undefined;
      continue;
    }
    const read = member(value, kinds[i]!);
    if (read === undefined) return undefined;
    out[name] = read;
  }
  for (const name in input) {
    if (!declared.has(name) && name !== '__proto__') out[name] = input[name];
  }
  return out;
}

function member(value: unknown, kind: Kind): unknown {
  switch (kind) {
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'number':
      return Number.isFinite(value) ? value : undefined;
    case 'int':
      return Number.isSafeInteger(value) ? value : undefined;
    case 'count':
      return Number.isSafeInteger(value) && (value as number) >= 0 ? value : undefined;
    case 'strings':
      return strings(value);
    default:
      return objects(value, kind);
  }
}

function strings(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out = new Array<string>(value.length);
  for (let i = 0; i < value.length; i += 1) {
    const item: unknown = value[i];
    if (typeof item !== 'string') return undefined;
    out[i] = item;
  }
  return out;
}

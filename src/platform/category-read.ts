import { CategoryRead, OptionRead, OptionValueRead } from './category-schema.js';
import type { RemoteCategory, RemoteOption, RemoteOptionValue } from './types.js';

/**
 * The common case of category-schema.ts's CategoryPage schema without zod: a page whose every member
 * has the schema's type gives the categories zod would give, in the same shape (declared members
 * first in declaration order, then the others as listed, `__proto__` dropped). Anything this does
 * not accept for certain (a wrong type, a value zod might take that this does not, a member present
 * with the value undefined) answers undefined, and the caller parses the page with zod instead,
 * which accepts it or says what is wrong. Zod's own pass over a 500-category menu was most of a
 * live read's time, most of it warming up; this runs cold too, so each level is written out with
 * named member reads rather than driven by a table.
 */
type Row = Record<string, unknown>;

/** The declared members of OptionValueRead, OptionRead and CategoryRead, in their order. */
export const OPTION_VALUE_MEMBERS: readonly string[] = Object.keys(OptionValueRead.shape);
export const OPTION_MEMBERS: readonly string[] = Object.keys(OptionRead.shape);
export const CATEGORY_MEMBERS: readonly string[] = Object.keys(CategoryRead.shape);

const VALUE_DECLARED: ReadonlySet<string> = new Set(OPTION_VALUE_MEMBERS);
const OPTION_DECLARED: ReadonlySet<string> = new Set(OPTION_MEMBERS);
const CATEGORY_DECLARED: ReadonlySet<string> = new Set(CATEGORY_MEMBERS);

/** The page's paging members and its categories. */
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
  const read = list(categories, category);
  if (read === undefined) return undefined;
  return {
    page: page as number,
    pagesize: pagesize as number,
    total_count: total as number,
    more,
    categories: read,
  };
}

function category(input: unknown): RemoteCategory | undefined {
  if (!isRow(input)) return undefined;
  const { uid, ext_id, name, description, image, products_count, url, hidden, position } = input;
  const { subrestaurant_uids: subrestaurants, options } = input;
  if (typeof uid !== 'string') return undefined;
  if (ext_id !== undefined ? typeof ext_id !== 'string' : 'ext_id' in input) return undefined;
  if (name !== undefined ? typeof name !== 'string' : 'name' in input) return undefined;
  if (description !== undefined ? typeof description !== 'string' : 'description' in input) return undefined;
  if (image !== undefined ? typeof image !== 'string' : 'image' in input) return undefined;
  if (products_count !== undefined ? !isCount(products_count) : 'products_count' in input) return undefined;
  if (url !== undefined ? typeof url !== 'string' : 'url' in input) return undefined;
  if (hidden !== undefined ? typeof hidden !== 'boolean' : 'hidden' in input) return undefined;
  if (position !== undefined ? !Number.isSafeInteger(position) : 'position' in input) return undefined;
  const uids = subrestaurants !== undefined ? strings(subrestaurants) : undefined;
  if (uids === undefined && (subrestaurants !== undefined || 'subrestaurant_uids' in input)) return undefined;
  const read = options !== undefined ? list(options, option) : undefined;
  if (read === undefined && (options !== undefined || 'options' in input)) return undefined;
  const out: Row = { uid };
  if (ext_id !== undefined) out.ext_id = ext_id;
  if (name !== undefined) out.name = name;
  if (description !== undefined) out.description = description;
  if (image !== undefined) out.image = image;
  if (products_count !== undefined) out.products_count = products_count;
  if (url !== undefined) out.url = url;
  if (hidden !== undefined) out.hidden = hidden;
  if (position !== undefined) out.position = position;
  if (uids !== undefined) out.subrestaurant_uids = uids;
  if (read !== undefined) out.options = read;
  return others<RemoteCategory>(input, out, CATEGORY_DECLARED);
}

function option(input: unknown): RemoteOption | undefined {
  if (!isRow(input)) return undefined;
  const { uid, ext_id, name, short_name, type, note, hidden, position, primary } = input;
  const { min_selectable: min, max_selectable: max, max_quantity: quantity } = input;
  const { first_default: first, show_caption: show, print_caption: print } = input;
  const { subrestaurant_uids: subrestaurants, option_values: values } = input;
  if (typeof uid !== 'string') return undefined;
  if (ext_id !== undefined ? typeof ext_id !== 'string' : 'ext_id' in input) return undefined;
  if (name !== undefined ? typeof name !== 'string' : 'name' in input) return undefined;
  if (short_name !== undefined ? typeof short_name !== 'string' : 'short_name' in input) return undefined;
  if (type !== undefined ? typeof type !== 'string' : 'type' in input) return undefined;
  if (min !== undefined ? !Number.isSafeInteger(min) : 'min_selectable' in input) return undefined;
  if (max !== undefined ? !Number.isSafeInteger(max) : 'max_selectable' in input) return undefined;
  if (quantity !== undefined ? !Number.isSafeInteger(quantity) : 'max_quantity' in input) return undefined;
  if (note !== undefined ? typeof note !== 'string' : 'note' in input) return undefined;
  if (hidden !== undefined ? typeof hidden !== 'boolean' : 'hidden' in input) return undefined;
  if (position !== undefined ? !Number.isSafeInteger(position) : 'position' in input) return undefined;
  if (primary !== undefined ? typeof primary !== 'boolean' : 'primary' in input) return undefined;
  if (first !== undefined ? typeof first !== 'boolean' : 'first_default' in input) return undefined;
  if (show !== undefined ? typeof show !== 'boolean' : 'show_caption' in input) return undefined;
  if (print !== undefined ? typeof print !== 'boolean' : 'print_caption' in input) return undefined;
  const uids = subrestaurants !== undefined ? strings(subrestaurants) : undefined;
  if (uids === undefined && (subrestaurants !== undefined || 'subrestaurant_uids' in input)) return undefined;
  const read = values !== undefined ? list(values, optionValue) : undefined;
  if (read === undefined && (values !== undefined || 'option_values' in input)) return undefined;
  const out: Row = { uid };
  if (ext_id !== undefined) out.ext_id = ext_id;
  if (name !== undefined) out.name = name;
  if (short_name !== undefined) out.short_name = short_name;
  if (type !== undefined) out.type = type;
  if (min !== undefined) out.min_selectable = min;
  if (max !== undefined) out.max_selectable = max;
  if (quantity !== undefined) out.max_quantity = quantity;
  if (note !== undefined) out.note = note;
  if (hidden !== undefined) out.hidden = hidden;
  if (position !== undefined) out.position = position;
  if (primary !== undefined) out.primary = primary;
  if (first !== undefined) out.first_default = first;
  if (show !== undefined) out.show_caption = show;
  if (print !== undefined) out.print_caption = print;
  if (uids !== undefined) out.subrestaurant_uids = uids;
  if (read !== undefined) out.option_values = read;
  return others<RemoteOption>(input, out, OPTION_DECLARED);
}

function optionValue(input: unknown): RemoteOptionValue | undefined {
  if (!isRow(input)) return undefined;
  const { uid, ext_id, name, short_name, price_operator: operator, price_operand: operand } = input;
  const { hidden, checked_default: checked, position, subrestaurant_uids: subrestaurants } = input;
  if (typeof uid !== 'string') return undefined;
  if (ext_id !== undefined ? typeof ext_id !== 'string' : 'ext_id' in input) return undefined;
  if (name !== undefined ? typeof name !== 'string' : 'name' in input) return undefined;
  if (short_name !== undefined ? typeof short_name !== 'string' : 'short_name' in input) return undefined;
  if (operator !== undefined ? typeof operator !== 'string' : 'price_operator' in input) return undefined;
  if (operand !== undefined ? !Number.isFinite(operand) : 'price_operand' in input) return undefined;
  if (hidden !== undefined ? typeof hidden !== 'boolean' : 'hidden' in input) return undefined;
  if (checked !== undefined ? typeof checked !== 'boolean' : 'checked_default' in input) return undefined;
  if (position !== undefined ? !Number.isSafeInteger(position) : 'position' in input) return undefined;
  const uids = subrestaurants !== undefined ? strings(subrestaurants) : undefined;
  if (uids === undefined && (subrestaurants !== undefined || 'subrestaurant_uids' in input)) return undefined;
  const out: Row = { uid };
  if (ext_id !== undefined) out.ext_id = ext_id;
  if (name !== undefined) out.name = name;
  if (short_name !== undefined) out.short_name = short_name;
  if (operator !== undefined) out.price_operator = operator;
  if (operand !== undefined) out.price_operand = operand;
  if (hidden !== undefined) out.hidden = hidden;
  if (checked !== undefined) out.checked_default = checked;
  if (position !== undefined) out.position = position;
  if (uids !== undefined) out.subrestaurant_uids = uids;
  return others<RemoteOptionValue>(input, out, VALUE_DECLARED);
}

/** Zod's looseObject keeps the members it does not declare, after the declared ones. */
function others<T>(input: Row, out: Row, declared: ReadonlySet<string>): T {
  for (const name in input) {
    if (!declared.has(name) && name !== '__proto__') out[name] = input[name];
  }
  return out as T;
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function list<T>(value: unknown, read: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out = new Array<T>(value.length);
  for (let i = 0; i < value.length; i += 1) {
    const item = read(value[i]);
    if (item === undefined) return undefined;
    out[i] = item;
  }
  return out;
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

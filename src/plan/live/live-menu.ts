import { createHash } from 'node:crypto';
import type { RemoteCategory } from '../../platform/types.js';

/**
 * The live menu as GET /menu/categories (visible=0, all pages) shows it: categories with their
 * options and option values, and per category only a products_count (the platform never lists
 * products, platform-notes.md). Plain data: the plan takes it as an input, like the snapshot.
 */
export interface LiveMenu {
  categories: RemoteCategory[];
  /** The sum of the categories' products_count. */
  products: number;
}

/** What a plan says of the live menu it was made against (the `live` member of the plan JSON). */
export interface LiveSummary {
  categories: number;
  products: number;
  /** Categories, options and option values with no ext_id: made by hand on the platform. */
  handmade: number;
}

/**
 * The members a fingerprint covers, in this order at every level: what a plan compares or names.
 * url and subrestaurant_uids change with nothing menusync sends. An array replacer is JSON.stringify's
 * native whitelist: canonical key order without copying the menu (saved plans only).
 */
const FINGERPRINT_KEYS = [
  'uid',
  'ext_id',
  'name',
  'short_name',
  'description',
  'image',
  'type',
  'products_count',
  'hidden',
  'position',
  'min_selectable',
  'max_selectable',
  'max_quantity',
  'note',
  'primary',
  'first_default',
  'show_caption',
  'print_caption',
  'price_operator',
  'price_operand',
  'checked_default',
  'options',
  'option_values',
];

/** The live menu of a listing (all pages of GET /menu/categories?visible=0), kept as listed. */
export function liveMenuFrom(remote: RemoteCategory[]): LiveMenu {
  let products = 0;
  for (const category of remote) products += category.products_count ?? 0;
  return { categories: remote, products };
}

/**
 * sha256 of what the live menu shows: a saved plan records it to notice a live change before it
 * is applied. Only computed for saved plans (~10 ms at 500 categories, most of a refresh's budget).
 */
export function liveFingerprint(live: LiveMenu): string {
  return createHash('sha256').update(JSON.stringify(live.categories, FINGERPRINT_KEYS)).digest('hex');
}

export function summarizeLive(live: LiveMenu): LiveSummary {
  let handmade = 0;
  for (const category of live.categories) {
    if (category.ext_id === undefined) handmade += 1;
    for (const option of category.options ?? []) {
      if (option.ext_id === undefined) handmade += 1;
      for (const value of option.option_values ?? []) if (value.ext_id === undefined) handmade += 1;
    }
  }
  return {
    categories: live.categories.length,
    products: live.products,
    handmade,
  };
}

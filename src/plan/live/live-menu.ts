import { createHash } from 'node:crypto';
import type { RemoteCategory, RemoteOption, RemoteOptionValue } from '../../platform/types.js';
import { canonicalJson } from '../canonical-json.js';

/**
 * The live menu as GET /menu/categories (visible=0, all pages) shows it: categories with their
 * options and option values, and per category only a products_count (the platform never lists
 * products, platform-notes.md). Plain data: the plan takes it as an input, like the snapshot.
 */
export interface LiveMenu {
  categories: RemoteCategory[];
  /** The sum of the categories' products_count. */
  products: number;
  /** sha256 of the categories' canonical JSON: a saved plan records it to notice a live change. */
  fingerprint: string;
}

/** What a plan says of the live menu it was made against (the `live` member of the plan JSON). */
export interface LiveSummary {
  categories: number;
  products: number;
  /** Categories, options and option values with no ext_id: made by hand on the platform. */
  handmade: number;
  fingerprint: string;
}

// Only what a plan compares or names: url and subrestaurant_uids change with nothing menusync sends.
function keepValue(value: RemoteOptionValue): RemoteOptionValue {
  const { subrestaurant_uids: _s, ...kept } = value;
  return kept;
}

function keepOption(option: RemoteOption): RemoteOption {
  const { subrestaurant_uids: _s, option_values, ...kept } = option;
  return option_values ? { ...kept, option_values: option_values.map(keepValue) } : kept;
}

/** The live menu of a listing (all pages of GET /menu/categories?visible=0). */
export function liveMenuFrom(remote: readonly RemoteCategory[]): LiveMenu {
  const categories = remote.map((category) => {
    const { url: _u, subrestaurant_uids: _s, options, ...kept } = category;
    return options ? { ...kept, options: options.map(keepOption) } : kept;
  });
  const products = categories.reduce((sum, c) => sum + (c.products_count ?? 0), 0);
  const fingerprint = createHash('sha256').update(canonicalJson(categories)).digest('hex');
  return { categories, products, fingerprint };
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
    fingerprint: live.fingerprint,
  };
}

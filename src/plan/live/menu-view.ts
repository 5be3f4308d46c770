import type { CanonicalMenu } from '../../model/canonical-menu.js';
import type { LiveMenu } from './live-menu.js';

/**
 * One side of a comparison at the level GET /menu/categories shows: categories with their scalar
 * fields, options and values, and a product count. Built from a menu (snapshot or desired) or
 * from the live menu, so drift (snapshot -> live) and a replace (live -> desired) are one function.
 */
export interface ValueView {
  /** ext_id, or `uid:<uid>` for an entity made by hand on the platform (no ext_id). */
  key: string;
  handmade: boolean;
  name?: string;
  fields: Record<string, unknown>;
}

export interface OptionView extends ValueView {
  values: Map<string, ValueView>;
}

export interface CategoryView extends ValueView {
  products: number;
  options: Map<string, OptionView>;
}

export type MenuView = Map<string, CategoryView>;

interface Named {
  ext_id?: string | undefined;
  uid?: string;
  name?: string | undefined;
}

function keyed<T extends Named>(item: T): ValueView {
  const handmade = item.ext_id === undefined;
  return {
    key: handmade ? `uid:${item.uid ?? '?'}` : (item.ext_id as string),
    handmade,
    ...(item.name !== undefined ? { name: item.name } : {}),
    fields: item as unknown as Record<string, unknown>,
  };
}

interface OptionLike extends Named {
  option_values?: Named[] | undefined;
}

function optionViews(options: readonly OptionLike[] | undefined): Map<string, OptionView> {
  const views = new Map<string, OptionView>();
  for (const option of options ?? []) {
    const values = new Map<string, ValueView>();
    for (const value of option.option_values ?? []) {
      const view = keyed(value);
      if (!values.has(view.key)) values.set(view.key, view);
    }
    const view = { ...keyed(option), values };
    if (!views.has(view.key)) views.set(view.key, view);
  }
  return views;
}

/** A menu (snapshot or desired) as the platform would list it: products only as counts. */
export function viewOfMenu(menu: CanonicalMenu): MenuView {
  const counts = new Map<string, number>();
  for (const product of menu.products) {
    const key = product.category_ext_id ?? '';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const view: MenuView = new Map();
  for (const category of menu.categories) {
    if (view.has(category.ext_id)) continue; // a duplicate is a validation error reported elsewhere
    view.set(category.ext_id, {
      ...keyed(category),
      products: counts.get(category.ext_id) ?? 0,
      options: optionViews(category.options),
    });
  }
  return view;
}

export function viewOfLive(live: LiveMenu): MenuView {
  const view: MenuView = new Map();
  for (const category of live.categories) {
    const base = keyed(category);
    if (view.has(base.key)) continue;
    view.set(base.key, {
      ...base,
      products: category.products_count ?? 0,
      options: optionViews(category.options),
    });
  }
  return view;
}

import type { FieldChange } from '../field-change.js';

/**
 * One difference between two menus at the level the platform lists them (categories, options,
 * values, product counts). `action` reads from `before` to `after`: in drift (snapshot -> live)
 * `remove` means removed on the platform outside menusync; against the live menu (live ->
 * desired) it means this replace removes it.
 */
export interface MenuChange {
  kind: 'category' | 'option' | 'option_value';
  action: 'add' | 'update' | 'remove';
  /** ext_id, or `uid:<uid>` for an entity made by hand on the platform (no ext_id). */
  key: string;
  /** No ext_id: made by hand on the platform, so a replace removes it. */
  handmade?: true;
  /** Category key; category and option keys for a value. */
  parents: string[];
  name?: string;
  changes?: FieldChange[];
  /** Products in the category, before -> after (categories only, when the count differs). */
  products?: { old: number; new: number };
}

import type { CanonicalMenu } from '../../model/canonical-menu.js';
import type { ImportOption } from '../../model/import-payload.js';
import type { RemoteCategory, RemoteOption } from '../../platform/types.js';

import type { Verification, VerificationScope } from '../../report/types.js';
import { CATEGORY_FIELDS, OPTION_FIELDS, sameValue, VALUE_FIELDS } from '../../plan/live/compared-fields.js';

// Only what GET /menu/categories can show is compared: it returns categories with their options
// and values and a products_count, never the products themselves (platform-notes.md).
const MAX_DETAILS = 50;

/** What GET /menu/categories cannot show: said with every verification, never a bare "verified". */
export const NOT_SHOWN_BY_THE_PLATFORM = [
  "products' names, prices, descriptions, images and visibility",
  "products' options and option values",
  'which category each product is in (only how many each has)',
];

/**
 * Compares the read-back (all categories, hidden ones included) with the menu that should now be
 * live. A field the desired menu leaves out is not compared: the platform may fill in its own default.
 */
export function verifyReadBack(desired: CanonicalMenu, remote: RemoteCategory[]): Verification {
  const details: string[] = [];
  const remoteById = new Map<string, RemoteCategory>();
  for (const category of remote) {
    if (category.ext_id === undefined)
      details.push(`category uid ${category.uid} on the platform has no ext_id`);
    else remoteById.set(category.ext_id, category);
  }
  const productsPerCategory = new Map<string, number>();
  for (const product of desired.products) {
    const key = product.category_ext_id ?? '';
    productsPerCategory.set(key, (productsPerCategory.get(key) ?? 0) + 1);
  }
  const desiredIds = new Set<string>();
  const compared: VerificationScope = { categories: 0, options: 0, optionValues: 0, productCounts: 0 };
  for (const category of desired.categories) {
    desiredIds.add(category.ext_id);
    const where = `category ${category.ext_id}`;
    const live = remoteById.get(category.ext_id);
    if (!live) {
      details.push(`${where} is missing on the platform`);
      continue;
    }
    compareFields(where, category, live, CATEGORY_FIELDS, details);
    compared.categories++;
    const expectedCount = productsPerCategory.get(category.ext_id) ?? 0;
    if (live.products_count !== undefined) {
      compared.productCounts++;
      if (live.products_count !== expectedCount)
        details.push(`${where}: products_count is ${live.products_count}, expected ${expectedCount}`);
    }
    compareOptions(where, category.options ?? [], live.options ?? [], details, compared);
  }
  for (const id of remoteById.keys()) {
    if (!desiredIds.has(id)) details.push(`category ${id} is on the platform but not in the menu`);
  }
  const shown =
    details.length > MAX_DETAILS
      ? [...details.slice(0, MAX_DETAILS), `... and ${details.length - MAX_DETAILS} more`]
      : details;
  return {
    status: details.length === 0 ? 'verified' : 'drift',
    details: shown,
    compared,
    notShown: NOT_SHOWN_BY_THE_PLATFORM,
  };
}

function compareOptions(
  where: string,
  desired: ImportOption[],
  remote: RemoteOption[],
  details: string[],
  compared: VerificationScope,
): void {
  const remoteById = new Map(remote.map((o) => [o.ext_id ?? `uid:${o.uid}`, o]));
  for (const option of desired) {
    const at = `${where} option ${option.ext_id}`;
    const live = remoteById.get(option.ext_id);
    remoteById.delete(option.ext_id);
    if (!live) {
      details.push(`${at} is missing on the platform`);
      continue;
    }
    compareFields(at, option, live, OPTION_FIELDS, details);
    compared.options++;
    const values = new Map((live.option_values ?? []).map((v) => [v.ext_id ?? `uid:${v.uid}`, v]));
    for (const value of option.option_values ?? []) {
      const vat = `${at} value ${value.ext_id}`;
      const liveValue = values.get(value.ext_id);
      values.delete(value.ext_id);
      if (!liveValue) details.push(`${vat} is missing on the platform`);
      else {
        compareFields(vat, value, liveValue, VALUE_FIELDS, details);
        compared.optionValues++;
      }
    }
    for (const id of values.keys()) details.push(`${at} value ${id} is on the platform but not in the menu`);
  }
  for (const id of remoteById.keys())
    details.push(`${where} option ${id} is on the platform but not in the menu`);
}

function compareFields<T extends object, R extends object>(
  where: string,
  desired: T,
  live: R,
  fields: readonly string[],
  details: string[],
): void {
  for (const field of fields) {
    const want = (desired as Record<string, unknown>)[field];
    if (want === undefined) continue;
    const got = (live as Record<string, unknown>)[field];
    if (!sameValue(want, got)) details.push(`${where}: ${field} is ${show(got)}, expected ${show(want)}`);
  }
}

function show(value: unknown): string {
  return value === undefined ? '(absent)' : JSON.stringify(value);
}

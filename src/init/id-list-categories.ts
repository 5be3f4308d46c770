import { guessKeys, type Chosen, type RecordArray } from './guess-document.js';

// Categories that list their products by id (Wolt's `categories[].item_ids[]`) instead of holding
// them or being named by them: a starter that missed this put every product in "Uncategorized".
// Recognized when an array of named records has a list of texts or numbers among which are ids of
// the sampled products.

export interface ListingCategories {
  chosen: Chosen;
  /** The key of the id list on a category record, relative (`item_ids`). */
  list: string;
}

export function findListingCategories(
  arrays: readonly RecordArray[],
  products: Chosen,
): ListingCategories | undefined {
  const idKey = products.keys.id;
  if (!idKey) return undefined;
  const ids = new Set<string>();
  for (const site of products.sites)
    for (const sample of site.samples) {
      const id = sample[idKey];
      if (typeof id === 'string' || typeof id === 'number') ids.add(String(id));
    }
  if (ids.size === 0) return undefined;
  for (const site of arrays) {
    if (products.sites.includes(site)) continue;
    const keys = guessKeys(site);
    if (!keys.name) continue;
    const list = idListKey(site, ids);
    if (list) return { chosen: { sites: [site], select: site.path, keys, count: site.count }, list };
  }
  return undefined;
}

/** A key whose sampled values are lists of ids, at least one of them a product's. */
function idListKey(site: RecordArray, ids: ReadonlySet<string>): string | undefined {
  const candidates = new Map<string, boolean>();
  for (const sample of site.samples)
    for (const [key, value] of Object.entries(sample)) {
      if (!Array.isArray(value)) continue;
      const scalars = value.every((v) => typeof v === 'string' || typeof v === 'number');
      if (!scalars) candidates.set(key, false);
      else if (candidates.get(key) !== false)
        candidates.set(key, candidates.get(key) === true || value.some((v) => ids.has(String(v))));
    }
  for (const [key, hit] of candidates) if (hit && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) return key;
  return undefined;
}

export function listingIndexLines(found: ListingCategories): string[] {
  return [
    `  indexes:`,
    `    # GUESS: the categories at ${found.chosen.select} list their products' ids in ${found.list}`,
    `    category_of: { select: '${found.chosen.select}', keys: '${found.list}[*]' }`,
  ];
}

export function listingProductLine(found: ListingCategories, products: Chosen): string {
  const productId = products.keys.id ?? 'id';
  const categoryId = found.chosen.keys.id
    ? `{${found.chosen.keys.id}}`
    : `cat-{slug(${found.chosen.keys.name ?? 'name'})}`;
  return `    category_ext_id: { lookup: { index: category_of, key: '{${productId}}' }, template: '${categoryId}' } # GUESS: the category whose ${found.list} lists the product`;
}

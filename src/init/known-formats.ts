/**
 * The POS exports `menusync init` recognizes, each tied to the shipped mapping that reads it.
 * Table formats are told apart by header names only (never by data), so a recognition is cheap and
 * explainable: "these headers are all there".
 */

/** A header the format must have: an exact name (case-insensitive, trimmed) or a pattern. */
export type HeaderRule = string | RegExp;

export interface TableFormat {
  /** Stable id, shown to the user and used in tests. */
  id: string;
  label: string;
  /** Name of the shipped mapping in mappings/ that reads this format. */
  mapping: string;
  /** Every rule must match some header. The format with the most rules matched wins a tie. */
  requires: HeaderRule[];
  /**
   * Mapping parameters read from header names, e.g. the store in `Price [<store>]`: the pattern's
   * first capture group on the first matching header; the other matches are listed as alternatives.
   */
  params?: Record<string, RegExp>;
}

export const TABLE_FORMATS: readonly TableFormat[] = [
  {
    id: 'square-item-library',
    label: 'Square Item Library export (xlsx or csv)',
    mapping: 'square-item-library',
    requires: ['Token', 'Item Name', 'Variation Name', 'Price'],
  },
  {
    id: 'loyverse-items-en',
    label: 'Loyverse items export (English headers)',
    mapping: 'loyverse-items',
    requires: ['Handle', 'SKU', 'Name', 'Category', /^Price \[.+\]$/i],
    params: { store: /^Price \[(.+)\]$/i },
  },
  {
    id: 'loyverse-items-es',
    label: 'Loyverse items export (Spanish headers)',
    mapping: 'loyverse-items',
    requires: ['Handle', 'REF', 'Nombre', 'Categoria', /^Precio \[.+\]$/i],
    params: { store: /^Precio \[(.+)\]$/i },
  },
  {
    id: 'shopify-products-legacy',
    label: 'Shopify products export (legacy headers)',
    mapping: 'shopify-products',
    requires: ['Handle', 'Title', 'Body (HTML)', 'Variant Price'],
  },
  {
    id: 'shopify-products-2024',
    label: 'Shopify products export (2024 headers)',
    mapping: 'shopify-products',
    requires: ['Title', 'URL handle', 'Price', 'Option1 name'],
  },
  {
    id: 'woocommerce-products',
    label: 'WooCommerce product CSV',
    mapping: 'woocommerce-products',
    requires: ['ID', 'Type', 'SKU', 'Name', 'Parent', 'Regular price'],
  },
  {
    id: 'lightspeed-xseries-products',
    label: 'Lightspeed Retail X-Series (ex-Vend) product export',
    mapping: 'lightspeed-xseries-products',
    requires: ['id', 'handle', 'name', 'retail_price', 'variant_option_one_name'],
  },
  {
    id: 'sumup-items',
    label: 'SumUp items export',
    mapping: 'sumup-items',
    requires: ['Item name', 'Variations', 'Price', 'Item id (Do not change)'],
  },
];

export interface DocumentFormat {
  id: string;
  label: string;
  mapping: string;
  /** Recognizes the parsed JSON by its keys (shape only, no values). */
  matches: (document: unknown) => boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const firstOf = (v: unknown): unknown => (Array.isArray(v) ? v[0] : undefined);

// Square's Catalog API lists objects either bare (an array) or under `objects` (ListCatalog).
function squareObjects(document: unknown): unknown[] | undefined {
  if (Array.isArray(document)) return document;
  if (isRecord(document) && Array.isArray(document.objects)) return document.objects;
  return undefined;
}

export const DOCUMENT_FORMATS: readonly DocumentFormat[] = [
  {
    id: 'gloriafood-menu',
    label: 'GloriaFood Fetch Menu API (JSON)',
    mapping: 'gloriafood-menu',
    matches: (doc) => {
      if (!isRecord(doc) || !Array.isArray(doc.categories)) return false;
      const category = firstOf(doc.categories);
      return 'restaurant_id' in doc || (isRecord(category) && Array.isArray(category.items));
    },
  },
  {
    id: 'ubereats-menu',
    label: 'Uber Eats Menu API (JSON)',
    mapping: 'ubereats-menu',
    matches: (doc) =>
      isRecord(doc) && Array.isArray(doc.menus) && Array.isArray(doc.items) && Array.isArray(doc.categories),
  },
  {
    id: 'square-catalog-api',
    label: 'Square Catalog API objects (JSON)',
    mapping: 'square-catalog-api',
    matches: (doc) => {
      const objects = squareObjects(doc);
      return (
        objects !== undefined &&
        objects.some((o) => isRecord(o) && o.type === 'ITEM' && isRecord(o.item_data))
      );
    },
  },
];

import { isRecord } from '../mapping/document/select-path.js';

// For a JSON export no format.yaml recognizes: the arrays of records in the document, and which
// of them look like products (a name-ish and a price-ish key), their groups (the records that hold
// them) and their options (arrays inside a product). Only key names and value kinds are read;
// every guess keeps where it was seen, so the starter can say so.

/** Records read per array to learn its keys: enough for a shape, bounded for a huge export. */
const SAMPLE = 50;
/** Deeper than this, a document is not a menu a starter can guess. */
const MAX_DEPTH = 12;

/** Every array of records found at one path (with `[*]` for each array on the way). */
export interface RecordArray {
  /** `$.categories[*].items[*]`: the selection that reaches its records. */
  path: string;
  /** The first record's concrete location, `$.categories[0].items[0]`, for comments. */
  first: string;
  /** The key under which the array sits (`items`), or '' for a bare array document. */
  key: string;
  /** The array of records this one is inside (its records' enclosing records), if any. */
  parent?: RecordArray;
  /** Records seen: a total unless `sampled` says they were only counted inside the first records. */
  count: number;
  /**
   * Set when an enclosing array held more records than are read (SAMPLE): `count` is then what the
   * first `records` records of `within` hold, not the file's total (init says so).
   */
  sampled?: { within: string; records: number };
  samples: Record<string, unknown>[];
}

/** Every array of records in the document, outermost first. */
export function findRecordArrays(document: unknown): RecordArray[] {
  const found = new Map<string, RecordArray>();
  const visit = (
    value: unknown,
    path: string,
    at: string,
    key: string,
    parent: RecordArray | undefined,
    depth: number,
    sampled: RecordArray['sampled'],
  ) => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      const records = value.filter(isRecord);
      if (records.length === 0) return;
      const selection = `${path}[*]`;
      let site = found.get(selection);
      if (!site) {
        const index = value.findIndex(isRecord);
        site = {
          path: selection,
          first: `${at}[${index}]`,
          key,
          count: 0,
          samples: [],
          ...(parent ? { parent } : {}),
        };
        found.set(selection, site);
      }
      if (sampled) site.sampled ??= sampled;
      site.count += records.length;
      // Only the first SAMPLE records are descended into: what they hold is a sample, said as such.
      const inner = sampled ?? (records.length > SAMPLE ? { within: selection, records: SAMPLE } : undefined);
      for (const record of records.slice(0, SAMPLE)) {
        if (site.samples.length < SAMPLE) site.samples.push(record);
        const index = value.indexOf(record);
        for (const [name, child] of Object.entries(record)) {
          visit(
            child,
            `${selection}${step(name)}`,
            `${at}[${index}]${step(name)}`,
            name,
            site,
            depth + 1,
            inner,
          );
        }
      }
      return;
    }
    if (isRecord(value)) {
      for (const [name, child] of Object.entries(value)) {
        visit(child, `${path}${step(name)}`, `${at}${step(name)}`, name, parent, depth + 1, sampled);
      }
    }
  };
  visit(document, '$', '$', '', undefined, 0, undefined);
  return [...found.values()];
}

/** `62 records`, or `62 records in the first 50 records of $.items[*]` when they were sampled. */
export function countText(count: number, sampled: RecordArray['sampled']): string {
  const records = `${count} record${count === 1 ? '' : 's'}`;
  return sampled ? `${records} in the first ${sampled.records} records of ${sampled.within}` : records;
}

/** A path step for a key: `.name`, or `['odd key']` when the name needs quoting. */
export function step(name: string): string {
  return /^[A-Za-z0-9_-]+$/.test(name) && !/^-/.test(name)
    ? `.${name}`
    : `['${name.replace(/['\\]/g, '\\$&')}']`;
}

/** A kind of record the starter chose (products, their categories, options), where it was seen. */
export interface Chosen {
  /** One array, or the same key at several depths (groups nested in groups). */
  sites: RecordArray[];
  select: string;
  keys: KeyGuesses;
  count: number;
  sampled?: RecordArray['sampled'];
}

export interface KeyGuesses {
  id?: string;
  /** A path relative to the record: `name`, or `title.translations.en` for a nested text. */
  name?: string;
  price?: string;
  description?: string;
  category?: string;
  hidden?: { key: string; invert: boolean };
}

const ID = [/^(id|guid|uuid|_id|ext_id|external_id)$/i, /^[a-z]*_?id$/i, /^(sku|code|plu|reference|ref)$/i];
const NAME = [
  /^(name|title|label|display_name|displayName|item_name|itemName|product_name|productName|nombre|nome|nom|bezeichnung|titel)$/,
  /name|title|label|bezeichnung|nombre/i,
];
const PRICE = [
  /^(price|prices|amount|base_price|basePrice|unit_price|unitPrice|price_money|priceMoney|preis|precio|prezzo|prix)$/i,
  /price|preis|precio|prezzo|prix/i,
];
const NOT_A_PRICE = /cost|compare|tax|purchase|einkauf/i;
const DESCRIPTION = [/^(description|desc|beschreibung|descripcion|descrizione)$/i, /descr/i];
const CATEGORY = [
  /^(category|category_name|categoryName|category_id|categoryId|categories|group|department)$/i,
];
const ON_SALE =
  /^(active|is_active|isActive|enabled|available|is_available|isAvailable|visible|published|on_sale)$/i;
const HIDDEN = /^(hidden|is_hidden|isHidden|disabled|inactive|archived|deleted|is_deleted)$/i;

/** The keys a record array's records share, read for the roles a starter maps. */
export function guessKeys(site: RecordArray): KeyGuesses {
  const keys = keysOf(site);
  const taken = new Set<string>();
  const pick = (tiers: readonly RegExp[], accept: (key: string) => boolean) => {
    for (const tier of tiers) {
      const key = keys.find((k) => !taken.has(k) && tier.test(k) && accept(k));
      if (key !== undefined) {
        taken.add(key);
        return key;
      }
    }
    return undefined;
  };
  const valueOf = (key: string) => site.samples.map((s) => s[key]).find((v) => v !== undefined && v !== null);
  const guesses: KeyGuesses = {};
  const id = pick(ID, (k) => isScalarKey(valueOf(k)));
  if (id) guesses.id = relative(id);
  const name = pick(NAME, (k) => textPath(k, valueOf(k)) !== undefined);
  if (name) guesses.name = textPath(name, valueOf(name));
  const price = pick(PRICE, (k) => !NOT_A_PRICE.test(k) && amountPath(k, valueOf(k)) !== undefined);
  if (price) guesses.price = amountPath(price, valueOf(price));
  const description = pick(DESCRIPTION, (k) => typeof valueOf(k) === 'string');
  if (description) guesses.description = relative(description);
  const category = pick(CATEGORY, (k) => isScalarKey(valueOf(k)));
  if (category) guesses.category = relative(category);
  const flag = keys.find((k) => (HIDDEN.test(k) || ON_SALE.test(k)) && typeof valueOf(k) === 'boolean');
  if (flag) guesses.hidden = { key: relative(flag), invert: ON_SALE.test(flag) };
  return guesses;
}

/** Keys of the sampled records, most common first (then in document order). */
function keysOf(site: RecordArray): string[] {
  const counts = new Map<string, number>();
  for (const sample of site.samples)
    for (const key of Object.keys(sample)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key);
}

const isScalarKey = (v: unknown) => typeof v === 'string' || typeof v === 'number';

/** A path relative to a record: `name`, or `['odd key']`. */
export const relative = (key: string): string => step(key).replace(/^\./, '');

/** `name` for a text; `title.translations.en` for the first text inside a small object. */
function textPath(key: string, value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return relative(key);
  if (!isRecord(value) || depth >= 2) return undefined;
  for (const [inner, v] of Object.entries(value)) {
    const found = textPath(inner, v, depth + 1);
    if (found) return `${relative(key)}${found.startsWith('[') ? '' : '.'}${found}`;
  }
  return undefined;
}

/** `price` for a number or numeric text; `price_money.amount` for an amount inside an object. */
function amountPath(key: string, value: unknown): string | undefined {
  if (typeof value === 'number') return relative(key);
  if (typeof value === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(value)) return relative(key);
  if (!isRecord(value)) return undefined;
  const inner = Object.keys(value).find(
    (k) => /^(amount|value|price|gross|net)$/i.test(k) && amountPath(k, value[k]) !== undefined,
  );
  return inner === undefined ? undefined : `${relative(key)}${step(inner)}`;
}

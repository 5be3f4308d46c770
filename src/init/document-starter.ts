import path from 'node:path';
import { InvalidInputError } from '../errors.js';
import {
  countText,
  findRecordArrays,
  guessKeys,
  type Chosen,
  type KeyGuesses,
  type RecordArray,
} from './guess-document.js';
import { slugName } from './generic-starter.js';
import { findListingCategories, listingIndexLines, listingProductLine } from './id-list-categories.js';
import { tryItLines, type StarterUsage } from './starter-usage.js';

// A `kind: document` starter for a JSON export no format.yaml recognizes: the products are the
// largest array of records with a name and a price, their categories the records that hold them
// (or a category key), their options the arrays of named records inside a product. Every guess
// says where in the document it was seen; the user checks each before the first run.

const q = (text: string) => JSON.stringify(text);
/** Options guessed per product at most: more is noise for a starter. */
const MAX_OPTIONS = 4;
/** Arrays listed in the "also found" comment at most. */
const MAX_LISTED = 12;

export interface DocumentStarterInput {
  input: string;
  document: unknown;
  schemaRef: string;
  /** Said when nothing looks like products: the document's top-level keys. */
  shape: string;
  usage?: StarterUsage;
}

export function documentStarter(input: DocumentStarterInput): string {
  const arrays = findRecordArrays(input.document);
  const products = chooseProducts(arrays);
  if (!products) {
    throw new InvalidInputError(
      `${input.input}: no known JSON menu format has this shape (${input.shape}), and no array of records with a name was found to start a mapping from`,
      { hint: 'write a kind: document mapping by hand, see docs/mapping-format.md' },
    );
  }
  const categories = chooseCategories(products);
  const listing = categories ? undefined : findListingCategories(arrays, products);
  const options = chooseOptions(arrays, products);
  const used = new Set([
    ...products.sites,
    ...(categories?.sites ?? []),
    ...(listing?.chosen.sites ?? []),
    ...options.flatMap((o) => o.sites),
  ]);
  const others = arrays.filter((a) => !used.has(a));
  const base = path.basename(input.input);
  const lines = [
    `# yaml-language-server: $schema=${input.schemaRef}`,
    `#`,
    `# Written by \`menusync init\` for ${input.input}`,
    `# No shipped mapping recognizes this JSON, so this is a generic document mapping with GUESSED`,
    ...tryItLines('# paths. Check every line marked GUESS', input.input, input.usage),
    `# The format is described in docs/mapping-format.md ("Document mode", "Paths").`,
    `#`,
    `# GUESS: products are the ${countText(products.count, products.sampled)} at ${products.select} (first at ${products.sites[0]?.first ?? '$'}),`,
    `#   ${describeKeys(products.keys)}.`,
    ...(categories
      ? [
          `# GUESS: their categories are the records that hold them, at ${categories.select} (first at ${categories.sites[0]?.first ?? '$'}).`,
        ]
      : []),
    ...options.map(
      (o) =>
        `# GUESS: an option of each product: the records at ${o.select} (first at ${o.sites[0]?.first ?? '$'}).`,
    ),
    ...otherLines(others),
    `version: 1`,
    `name: ${slugName(base.replace(/\.[^.]+$/, ''))}`,
    `title: ${q(`${base} (JSON)`)}`,
    `description: ${q(`Starter mapping for ${base}. Say here what it maps and what the export cannot tell.`)}`,
    `sources:`,
    `  menu: { format: json }`,
    `kind: document`,
    `document:`,
    `  source: menu`,
    ...(listing ? listingIndexLines(listing) : []),
    ...categoryLines(categories ?? listing?.chosen, products),
    `  products:`,
    `    select: ${q(products.select)} # GUESS`,
    `    ext_id: ${idTemplate(products.keys)}${products.keys.id ? ' # GUESS: must be unique and stable' : ' # TODO: no id key found; renaming makes a new product'}`,
    ...(listing ? [listingProductLine(listing, products)] : productCategoryLines(categories, products)),
    `    category_fallback: { ext_id: uncategorized, name: Uncategorized }`,
    `    name: { path: ${q(products.keys.name ?? 'name')}, transforms: [trim] }${products.keys.name ? ' # GUESS' : ' # TODO: no name key found'}`,
    ...(products.keys.description
      ? [`    description: { path: ${q(products.keys.description)}, transforms: [html_to_text] } # GUESS`]
      : []),
    products.keys.price
      ? `    price: { path: ${q(products.keys.price)}, transforms: [money] } # GUESS: in currency units? (cents: see the money transform)`
      : `    # price: { path: "<price key>", transforms: [money] } # TODO: no price key found`,
    ...hiddenLines(products.keys, '    '),
    ...optionLines(options),
  ];
  return `${lines.join('\n')}\n`;
}

function describeKeys(keys: KeyGuesses): string {
  const named = Object.entries({ id: keys.id, name: keys.name, price: keys.price, category: keys.category })
    .filter(([, v]) => v !== undefined)
    .map(([role, v]) => `${role} ${q(v ?? '')}`);
  return named.length > 0 ? `read as ${named.join(', ')}` : 'no key was recognized';
}

/** The product records: the most numerous array of records with a name and a price (else a name). */
function chooseProducts(arrays: readonly RecordArray[]): Chosen | undefined {
  const guessed = arrays.map((site) => ({ site, keys: guessKeys(site) }));
  for (const wanted of [(k: KeyGuesses) => !!k.name && !!k.price, (k: KeyGuesses) => !!k.name]) {
    const matching = guessed.filter((g) => wanted(g.keys));
    // Priced records inside priced records are the outer ones' choices (sizes of an item).
    const outer = new Set(matching.map((g) => g.site));
    const candidates = matching.filter((g) => !ancestors(g.site).some((a) => outer.has(a)));
    if (candidates.length === 0) continue;
    // The same key at several depths (groups nested in groups) is one kind of record.
    const byKey = new Map<string, typeof candidates>();
    for (const c of candidates) byKey.set(c.site.key, [...(byKey.get(c.site.key) ?? []), c]);
    const groups = [...byKey.values()].map((members) => merge(members.map((m) => m.site)));
    groups.sort((a, b) => b.count - a.count || a.select.length - b.select.length);
    return groups[0];
  }
  return undefined;
}

function ancestors(site: RecordArray): RecordArray[] {
  const found: RecordArray[] = [];
  for (let p = site.parent; p; p = p.parent) found.push(p);
  return found;
}

function merge(sites: RecordArray[]): Chosen {
  const first = sites[0] as RecordArray;
  const merged: RecordArray = { ...first, samples: sites.flatMap((s) => s.samples).slice(0, 50) };
  const count = sites.reduce((n, s) => n + s.count, 0);
  const select = sites.length === 1 || first.key === '' ? first.path : `$..${first.key}[*]`;
  const sampled = sites.find((s) => s.sampled)?.sampled;
  return { sites, select, keys: guessKeys(merged), count, ...(sampled ? { sampled } : {}) };
}

/** The records that hold the products (a category, a menu group), when they have a name. */
function chooseCategories(products: Chosen): Chosen | undefined {
  const parents = [...new Set(products.sites.map((s) => s.parent).filter((p): p is RecordArray => !!p))];
  if (parents.length === 0) return undefined;
  const chosen = merge(parents);
  if (!chosen.keys.name) return undefined;
  // Groups nested in groups are reached by `..`; a single level by its own path.
  const sameKey = parents.every((p) => p.key === parents[0]?.key);
  return sameKey ? chosen : undefined;
}

function idTemplate(keys: KeyGuesses, prefix = ''): string {
  return keys.id ? q(`${prefix}{${keys.id}}`) : q(`${prefix}{slug(${keys.name ?? 'name'})}`);
}

function categoryLines(categories: Chosen | undefined, products: Chosen): string[] {
  if (categories) {
    return [
      `  categories:`,
      `    select: ${q(categories.select)} # GUESS`,
      `    ext_id: ${idTemplate(categories.keys, categories.keys.id ? '' : 'cat-')}`,
      `    name: { path: ${q(categories.keys.name ?? 'name')}, transforms: [trim] } # GUESS`,
      ...hiddenLines(categories.keys, '    '),
    ];
  }
  const key = products.keys.category;
  if (!key)
    return [
      `  # categories: no records hold the products and no category key was found: all are Uncategorized`,
    ];
  // One category per distinct value of the products' category key; repeats are counted as skipped.
  return [
    `  categories: # GUESS: one category per value of ${q(key)} on the products`,
    `    select: ${q(products.select)}`,
    `    skip: [{ reason: no category, when: { path: ${q(key)}, exists: false } }]`,
    `    ext_id: ${q(`cat-{slug(${key})}`)}`,
    `    name: ${q(`{${key}}`)}`,
    `    on_duplicate: skip`,
  ];
}

function productCategoryLines(categories: Chosen | undefined, products: Chosen): string[] {
  if (categories) {
    const id = categories.keys.id
      ? `{^.${categories.keys.id}}`
      : `cat-{slug(^.${categories.keys.name ?? 'name'})}`;
    return [`    category_ext_id: ${q(id)} # GUESS: the record that holds the product`];
  }
  const key = products.keys.category;
  // Without the key, the value is empty and the product goes to category_fallback.
  const when = `when: { path: ${q(key ?? '')}, exists: true }`;
  return key ? [`    category_ext_id: { template: ${q(`cat-{slug(${key})}`)}, ${when} } # GUESS`] : [];
}

function hiddenLines(keys: KeyGuesses, indent: string): string[] {
  if (!keys.hidden) return [];
  const transform = keys.hidden.invert ? '[{ boolean: { invert: true } }]' : '[boolean]';
  const why = keys.hidden.invert ? 'true = on sale, so hidden = false' : 'true = hidden';
  return [`${indent}hidden: { path: ${q(keys.hidden.key)}, transforms: ${transform} } # GUESS: ${why}`];
}

interface OptionGuess extends Chosen {
  /** Relative to the product record. */
  relative: string;
  /** The records inside each option that are its values (a group of choices), if any. */
  values?: Chosen & { relative: string };
}

/** Arrays of named records inside a product: groups of choices, or a list of priced choices (sizes). */
function chooseOptions(arrays: readonly RecordArray[], products: Chosen): OptionGuess[] {
  const product = products.sites[0] as RecordArray;
  const childrenOf = (site: RecordArray) => arrays.filter((a) => a.parent === site);
  const options: OptionGuess[] = [];
  for (const child of childrenOf(product)) {
    const chosen = merge([child]);
    if (!chosen.keys.name) continue;
    const relativePath = child.path.slice(product.path.length).replace(/^\./, '');
    const inner = childrenOf(child)
      .map((grand) => ({
        ...merge([grand]),
        relative: grand.path.slice(child.path.length).replace(/^\./, ''),
      }))
      .find((grand) => grand.keys.name);
    if (inner)
      options.push({ ...chosen, sites: [child, ...inner.sites], relative: relativePath, values: inner });
    else if (chosen.keys.price) options.push({ ...chosen, relative: relativePath });
    if (options.length >= MAX_OPTIONS) break;
  }
  return options;
}

function optionLines(options: readonly OptionGuess[]): string[] {
  if (options.length === 0) return [];
  const lines = [`    options:`];
  for (const option of options) {
    if (option.values) {
      const values = option.values;
      lines.push(
        `      - select: ${q(option.relative)} # GUESS: a group of choices`,
        `        ext_id: ${idTemplate(option.keys)}`,
        `        name: { path: ${q(option.keys.name ?? 'name')}, transforms: [trim] }`,
        `        # type: single # when exactly one value is chosen (see docs/mapping-format.md, options)`,
        `        values:`,
        `          select: ${q(values.relative)}`,
        `          ext_id: ${idTemplate(values.keys)}`,
        `          name: { path: ${q(values.keys.name ?? 'name')}, transforms: [trim] }`,
        values.keys.price
          ? `          price: { path: ${q(values.keys.price)}, transforms: [money] } # GUESS: a surcharge (price_operand)`
          : `          # price: { path: "<price key>", transforms: [money] } # TODO: no price key found`,
      );
    } else {
      const key = option.sites[0]?.key ?? 'choice';
      lines.push(
        `      - ext_id: ${q(key)} # GUESS: one choice among the product's ${key}`,
        `        name: ${q(key.charAt(0).toUpperCase() + key.slice(1))}`,
        `        type: single`,
        `        min_selectable: 1`,
        `        max_selectable: 1`,
        `        min_values: 1`,
        `        values:`,
        `          select: ${q(option.relative)}`,
        `          ext_id: ${idTemplate(option.keys)}`,
        `          name: { path: ${q(option.keys.name ?? 'name')}, transforms: [trim] }`,
        `          price: { path: ${q(option.keys.price ?? 'price')}, transforms: [money] } # GUESS: a surcharge; a full price needs price_relative: true`,
      );
    }
  }
  return lines;
}

function otherLines(others: readonly RecordArray[]): string[] {
  if (others.length === 0) return [];
  const shown = others.slice(0, MAX_LISTED).map((a) => {
    const keys = [...new Set(a.samples.flatMap((s) => Object.keys(s)))];
    const listed = keys.slice(0, 8).join(', ') + (keys.length > 8 ? ', ...' : '');
    return `#   ${a.path}: ${countText(a.count, a.sampled)} (keys: ${listed})`;
  });
  const more = others.length > MAX_LISTED ? [`#   ... and ${others.length - MAX_LISTED} more`] : [];
  return [`# Other arrays of records in the document, not mapped:`, ...shown, ...more];
}

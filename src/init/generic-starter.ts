import path from 'node:path';
import type { ColumnGuesses } from './guess-columns.js';
import { tryItLines, type StarterUsage } from './starter-usage.js';

export interface GenericStarterInput {
  /** The input file as the user named it. */
  input: string;
  headers: readonly string[];
  guesses: ColumnGuesses;
  format: 'csv' | 'xlsx';
  sheet?: string;
  /** The workbook's sheets besides the one read (listed in a comment, not mapped). */
  otherSheets?: readonly string[];
  headerRow: number;
  schemaRef: string;
  /** A legacy encoding detection chose (not UTF-8 or UTF-16), and why: the starter sets it. */
  encoding?: { name: string; reason: string };
  usage?: StarterUsage;
}

// JSON strings are valid YAML double-quoted scalars: safe for any header text.
const q = (text: string) => JSON.stringify(text);

/** Header words of sizes, variants, options and extras, in the languages `init` reads. */
const OPTION_LIKE =
  /size|grö(ß|ss)e|groesse|taglia|formato|tamaño|tamano|taille|variant|variation|variante|option|modifier|modificador|extra|add-?on|topping|zutat|beilage|supplement|suppl[ée]ment|aggiunt|guarnici|choice|wahl/i;

/** The headers no guessed role took: the starter names each, so nothing is left out unseen. */
export function unplacedColumns(headers: readonly string[], guesses: ColumnGuesses): string[] {
  const placed = new Set(
    [
      guesses.extId,
      guesses.name,
      guesses.price,
      guesses.category,
      guesses.description,
      guesses.hidden?.column,
      guesses.continuation?.start,
      guesses.continuation?.variantPrice,
    ].filter((h): h is string => h !== undefined),
  );
  return headers.filter((h) => h.trim() !== '' && !placed.has(h));
}

/**
 * Unplaced columns whose names say sizes or options while the starter sets up none (no variant
 * rows found): a menu without them would look complete and sell every pizza at one size.
 */
export function optionLikeColumns(headers: readonly string[], guesses: ColumnGuesses): string[] {
  if (guesses.continuation) return [];
  return unplacedColumns(headers, guesses).filter((h) => OPTION_LIKE.test(h));
}

/**
 * A table mapping for an export no shipped mapping knows: one product per row, with the columns
 * guessed from the header names. Every guess is marked so the user checks it before the first run.
 */
export function genericStarter(input: GenericStarterInput): string {
  const { guesses } = input;
  const base = path.basename(input.input);
  const name = slugName(base.replace(/\.[^.]+$/, ''));
  const hints = [guesses.name, guesses.price].filter((h): h is string => h !== undefined);
  const readOptions = [
    `format: ${input.format}`,
    ...(input.sheet !== undefined ? [`sheet: ${q(input.sheet)}`] : []),
    ...(input.encoding ? [`encoding: ${input.encoding.name}`] : []),
    ...(hints.length > 0 ? [`headerHints: [${hints.map(q).join(', ')}]`] : [`headerRow: ${input.headerRow}`]),
  ];
  // Without a guess, the first column no other role took is the likeliest name.
  const taken = new Set(Object.values(guesses));
  const nameColumn = guesses.name ?? input.headers.find((h) => !taken.has(h)) ?? 'Name';
  const lines = [
    `# yaml-language-server: $schema=${input.schemaRef}`,
    `#`,
    `# Written by \`menusync init\` for ${input.input}`,
    `# No shipped mapping recognizes these headers, so this is a generic table mapping (${
      guesses.continuation ? 'a product per row, its variants on the rows below it' : 'one product per row'
    })`,
    ...tryItLines('# with GUESSED columns. Check every line marked GUESS', input.input, input.usage),
    `# The format is described in docs/mapping-format.md (variants, modifier sets, skip rules).`,
    `#`,
    ...otherSheetLines(input),
    ...(input.encoding
      ? [`# The export is not UTF-8: encoding ${input.encoding.name} (${input.encoding.reason}).`, `#`]
      : []),
    `# Headers found (${input.headers.length}):`,
    ...wrapHeaders(input.headers),
    ...unplacedLines(input),
    `version: 1`,
    `name: ${name}`,
    `title: ${q(`${base} (${input.format.toUpperCase()})`)}`,
    `description: ${q(`Starter mapping for ${base}. Say here what it maps and what the export cannot tell.`)}`,
    `sources:`,
    `  items: { ${readOptions.join(', ')} }`,
    `kind: table`,
    `table:`,
    `  source: items`,
    ...groupLines(guesses),
    ...categoryLines(guesses),
    `  product:`,
    ...extIdLines(guesses, nameColumn),
    `    name: { column: ${q(nameColumn)} } # ${nameComment(guesses, nameColumn)}`,
    ...(guesses.description
      ? [
          `    description: { column: ${q(guesses.description)}, transforms: [html_to_text], optional: true } # GUESS`,
        ]
      : []),
    guesses.price
      ? `    price: { column: ${q(guesses.price)}, transforms: [money] } # GUESS`
      : `    # price: { column: "<price column>", transforms: [money] } # TODO: no price column recognized`,
    ...hiddenLines(guesses),
    ...variantLines(guesses, nameColumn),
  ];
  return `${lines.join('\n')}\n`;
}

function unplacedLines(input: GenericStarterInput): string[] {
  const unplaced = unplacedColumns(input.headers, input.guesses);
  if (unplaced.length === 0) return [];
  const optionLike = optionLikeColumns(input.headers, input.guesses);
  return [
    `# Columns no rule below reads (${unplaced.length}); map each, or leave it out knowingly:`,
    ...wrapHeaders(unplaced),
    ...(optionLike.length > 0
      ? [
          `# WARNING: ${optionLike.map(q).join(', ')} look like sizes or options, but this starter sets up no`,
          `#   variants or options: every product would be sold as one plain item. See docs/mapping-format.md`,
          `#   (variants: grouped rows, continuation rows; options: modifier sets; values packed in a cell).`,
        ]
      : []),
  ];
}

function otherSheetLines(input: GenericStarterInput): string[] {
  const others = input.otherSheets ?? [];
  if (others.length === 0 || input.sheet === undefined) return [];
  return [
    `# This starter reads sheet ${q(input.sheet)}; the workbook also has ${others.map(q).join(', ')}, not mapped.`,
    `# Modifier groups on another sheet become options with modifier_sets.from (see the docs).`,
    `#`,
  ];
}

function groupLines(guesses: ColumnGuesses): string[] {
  const c = guesses.continuation;
  if (!c)
    return [
      `  group: { by: none } # one row = one product; variants: group by a handle column (see the docs)`,
    ];
  return [
    `  # GUESS: a row whose ${q(c.start)} is empty is a variant of the product above it.`,
    `  group: { by: continuation, start: { column: ${q(c.start)} } }`,
  ];
}

function nameComment(guesses: ColumnGuesses, nameColumn: string): string {
  if (!guesses.name)
    return `TODO: no name column recognized; ${q(nameColumn)} is the first column no other role took`;
  if (guesses.nameFromDescription)
    return `GUESS: no column is called a name, and Italian, Spanish and French tills name the item in ${q(nameColumn)}`;
  return 'GUESS';
}

function hiddenLines(guesses: ColumnGuesses): string[] {
  const h = guesses.hidden;
  if (!h)
    return [
      `    # hidden: { column: "<yes/no column>", transforms: [boolean] } # TODO: no active/hidden column recognized`,
    ];
  if (!h.invert)
    return [`    hidden: { column: ${q(h.column)}, transforms: [boolean] } # GUESS: yes = hidden`];
  return [
    `    hidden: { column: ${q(h.column)}, transforms: [{ boolean: { invert: true } }] } # GUESS: yes = on sale, so hidden = no`,
  ];
}

function variantLines(guesses: ColumnGuesses, nameColumn: string): string[] {
  const c = guesses.continuation;
  if (!c) return [];
  const price = c.variantPrice ?? guesses.price;
  return [
    `  variants: # the variant rows become one required choice; the product's price is the lowest`,
    `    value:`,
    `      name: { column: ${q(nameColumn)} } # GUESS: the variant row names the variant here`,
    price
      ? `      price: { column: ${q(price)}, transforms: [money] } # GUESS`
      : `      # price: { column: "<variant price column>", transforms: [money] } # TODO: none recognized`,
  ];
}

function categoryLines(guesses: ColumnGuesses): string[] {
  if (!guesses.category)
    // A product needs a category on the platform (the mapping does not load without one).
    return [
      `  category: { name: { value: Menu } } # TODO: no category column recognized; all products in "Menu"`,
    ];
  return [`  category: { name: { column: ${q(guesses.category)} } } # GUESS`];
}

function extIdLines(guesses: ColumnGuesses, nameColumn: string): string[] {
  if (guesses.extId)
    return [`    ext_id: { column: ${q(guesses.extId)} } # GUESS: must be unique and stable`];
  // Without an id column, the name gives a stable ext_id; a renamed product then becomes a new one.
  return [
    `    # No id column recognized: the ext_id is derived from the name (renaming = a new product).`,
    `    ext_id: { column: ${q(nameColumn)}, transforms: [slug] }`,
  ];
}

function wrapHeaders(headers: readonly string[]): string[] {
  const out: string[] = [];
  let line = '#  ';
  for (const header of headers) {
    const piece = ` ${q(header)}`;
    if (line.length + piece.length > 100 && line !== '#  ') {
      out.push(line);
      line = '#  ';
    }
    line += piece;
  }
  if (line !== '#  ') out.push(line);
  return out;
}

/** A mapping name from a file or document name: `my-menu` when nothing is left. */
export function slugName(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'my-menu' : slug;
}

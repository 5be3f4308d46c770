import { z } from 'zod';
import { namedRecord } from '../model/named-record.js';
import { isKnownCurrency } from '../model/currency.js';
import { ENCODING_NAMES, normalizeEncoding } from '../extract/csv/detect-encoding.js';
import { DocPath, DocumentSection } from './document/schema.js';
import { TableSection, tableSourceReaders } from './table-schema.js';
import { UnpricedAction } from './unpriced.js';

// The root of a mapping file. One schema per shape, type beside it; the JSON Schema in
// mappings/mapping.schema.json is generated from these (see json-schema.ts), never written by hand.

export const MappingParameter = z.strictObject({
  description: z.string().min(1),
  /** Absent: the parameter is a wildcard in column patterns (the first matching header wins). */
  default: z.string().optional(),
  required: z.boolean().optional(),
  /**
   * Document mappings: a given value must be one the document has (`select`, e.g. every menu's id)
   * or one of `also` (alone: a fixed choice); any other is a usage error naming the values, never a
   * silently empty menu.
   */
  one_of: z
    .strictObject({ select: DocPath.optional(), also: z.array(z.string()).optional() })
    .refine((o) => o.select !== undefined || (o.also?.length ?? 0) > 0, {
      message: 'give select (values the document has), also (fixed values), or both',
    })
    .optional(),
});
export type MappingParameter = z.infer<typeof MappingParameter>;

/** How to read one input: the extractor's ReadOptions (src/extract/types.ts) plus `optional`. */
export const SourceSpec = z.strictObject({
  format: z.enum(['csv', 'xlsx', 'json', 'html']).optional(),
  delimiter: z.enum([',', ';', '\t', '|']).optional(),
  /** Overrides detection (CSV, JSON); checked at load so a typo is reported with its line. */
  encoding: z
    .string()
    .refine((label) => normalizeEncoding(label) !== undefined, { message: `use ${ENCODING_NAMES}` })
    .optional(),
  headerRow: z.number().int().min(1).optional(),
  headerHints: z.array(z.string().min(1)).optional(),
  /** CSV: rows may end with more cells than the header when those cells are empty (no warning). */
  allowTrailingEmptyCells: z.boolean().optional(),
  sheet: z.union([z.string().min(1), z.number().int().min(1)]).optional(),
  description: z.string().optional(),
  optional: z.boolean().optional(),
  /**
   * Document mappings, the last source: it takes every input left (`--input a.json --input b.json`),
   * the pages of one menu mapped together into one menu.
   */
  many: z.boolean().optional(),
});
export type SourceSpec = z.infer<typeof SourceSpec>;

/** The currency of the menu's amounts: rounding to its minor unit and the price limit (currency.ts). */
export const MappingMoney = z.strictObject({
  /** ISO 4217 code: `VND`, `JPY`, `KWD`, `EUR`... */
  currency: z
    .string()
    .refine(isKnownCurrency, {
      message: 'use an ISO 4217 currency code in capitals, such as EUR, JPY or VND',
    })
    .optional(),
  /** Prices at or above this are `bad-price` errors; default by currency. */
  max: z.number().positive().optional(),
});
export type MappingMoney = z.infer<typeof MappingMoney>;

/** Categories no product is in: `skip` (default) leaves them out, counted; `keep` sends them. */
export const EmptyCategories = z.enum(['skip', 'keep']);
export type EmptyCategories = z.infer<typeof EmptyCategories>;

const MappingCommon = {
  $schema: z.string().optional(),
  version: z.literal(1),
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'use lower-case letters, digits and dashes'),
  title: z.string().min(1),
  description: z.string().min(1),
  /** Our own example exports read together as one run's inputs, relative to the mapping file. */
  fixtures: z.array(z.string().min(1)).optional(),
  parameters: namedRecord(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), MappingParameter).optional(),
  money: MappingMoney.optional(),
  /** A visible product or variant without a real price: hidden (default), left out, or an error. */
  unpriced: UnpricedAction.optional(),
  /** Categories no product is in: left out and counted (default), or kept. */
  empty_categories: EmptyCategories.optional(),
  sources: namedRecord(z.string().min(1), SourceSpec).refine((s) => Object.keys(s).length > 0, {
    message: 'declare at least one source',
  }),
};

/**
 * `many: true` takes every input left, so only the last source can have it, and only the one a
 * document mapping maps (`reads`): table mode streams one table, an index reads one document.
 */
function manySourceIssues(
  sources: Record<string, SourceSpec>,
  reads: string | undefined,
  ctx: z.RefinementCtx,
): void {
  const names = Object.keys(sources);
  for (const [i, [name, spec]] of Object.entries(sources).entries()) {
    if (spec.many !== true) continue;
    const why =
      reads === undefined
        ? 'a table mapping reads one file per source'
        : name !== reads
          ? `only the source the document mapping reads ("${reads}") can take several inputs`
          : i !== names.length - 1
            ? 'it takes every input left, so it must be the last source'
            : undefined;
    if (why) ctx.addIssue({ code: 'custom', path: ['sources', name, 'many'], message: why });
  }
}

export const TableMapping = z
  .strictObject({ ...MappingCommon, kind: z.literal('table'), table: TableSection })
  .superRefine((mapping, ctx) => {
    manySourceIssues(mapping.sources, undefined, ctx);
    // Cross-references, checked at load so they are reported with a line like any other typo.
    if (!(mapping.table.source in mapping.sources)) {
      ctx.addIssue({
        code: 'custom',
        path: ['table', 'source'],
        message: `"${mapping.table.source}" is not a key of sources (${Object.keys(mapping.sources).join(', ')})`,
      });
    }
    const sets = mapping.table.modifier_sets;
    if (sets && sets.columns === undefined && sets.list === undefined && sets.links === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['table', 'modifier_sets'],
        message:
          'give "columns" (one membership column per set), "list" (a column of set names) or "links" (link tables)',
      });
    }
    if (sets?.from && (sets.from.set === undefined) === (sets.from.links === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['table', 'modifier_sets', 'from'],
        message: 'give exactly one of "set" (the set a row names) or "links" (link tables reaching its sets)',
      });
    }
    // Each source streams once: one part of the mapping reads it (link tables included).
    const readers = tableSourceReaders(mapping.table);
    for (const [name, paths] of readers) {
      if (!(name in mapping.sources))
        ctx.addIssue({
          code: 'custom',
          path: paths[0] ?? [],
          message: `"${name}" is not a key of sources (${Object.keys(mapping.sources).join(', ')})`,
        });
      for (const extra of paths.slice(1))
        ctx.addIssue({
          code: 'custom',
          path: extra,
          message: `source "${name}" is already read by another part of the mapping: give each table its own source`,
        });
    }
    // A declared source nothing reads would take an input and ignore it: say so at load.
    for (const name of Object.keys(mapping.sources)) {
      if (!readers.has(name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['sources', name],
          message: `source "${name}" is read by no part of the mapping (table.source, modifier_sets.from.source, set_rows or a link table)`,
        });
      }
    }
    for (const [name, spec] of Object.entries(mapping.parameters ?? {})) {
      if (spec.one_of !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['parameters', name, 'one_of'],
          message: 'one_of reads the values from a JSON document: only document mappings take it',
        });
      }
    }
    const setsParam = sets?.sets_param;
    if (setsParam !== undefined && !(setsParam in (mapping.parameters ?? {}))) {
      ctx.addIssue({
        code: 'custom',
        path: ['table', 'modifier_sets', 'sets_param'],
        message: `"${setsParam}" is not a declared parameter`,
      });
    }
  });
export type TableMapping = z.infer<typeof TableMapping>;

export const DocumentMapping = z
  .strictObject({
    ...MappingCommon,
    kind: z.literal('document'),
    document: DocumentSection,
  })
  .superRefine((mapping, ctx) => {
    // The document engine reads its source and the sources of its indexes: any other would take
    // an input and ignore it.
    const read = mapping.document.source ?? Object.keys(mapping.sources)[0];
    manySourceIssues(mapping.sources, read, ctx);
    const indexed = new Set<string>();
    for (const [name, index] of Object.entries(mapping.document.indexes ?? {})) {
      if (index.source === undefined) continue;
      indexed.add(index.source);
      if (!(index.source in mapping.sources)) {
        ctx.addIssue({
          code: 'custom',
          path: ['document', 'indexes', name, 'source'],
          message: `"${index.source}" is not a key of sources (${Object.keys(mapping.sources).join(', ')})`,
        });
      }
    }
    for (const name of Object.keys(mapping.sources)) {
      if (name !== read && !indexed.has(name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['sources', name],
          message: `source "${name}" is read by no part of the mapping (document.source is "${read ?? ''}", and no index names it)`,
        });
      }
    }
  });
export type DocumentMapping = z.infer<typeof DocumentMapping>;

export const Mapping = z.discriminatedUnion('kind', [TableMapping, DocumentMapping]);
export type Mapping = z.infer<typeof Mapping>;

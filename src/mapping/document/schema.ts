import { z } from 'zod';
import { namedRecord } from '../../model/named-record.js';
import { TransformStep } from '../value-schema.js';
import { parsePath, PathSyntaxError } from './path-syntax.js';
import { compileTemplate } from './template.js';

// The `document:` section of a `kind: document` mapping (JSON exports: GloriaFood, Uber Eats,
// Square Catalog API). Every key is documented in docs/mapping-format.md, "Document mode".
// Paths and templates are checked here, at load, so a typo is reported with its file and line.

function syntaxCheck(compile: (text: string) => unknown) {
  return (text: string, ctx: z.RefinementCtx) => {
    try {
      compile(text);
    } catch (err) {
      if (!(err instanceof PathSyntaxError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message });
    }
  };
}

/** A path such as `$.categories[*].items[*]`, `^.id` or `price_info.price` (see path-syntax.ts). */
export const DocPath = z.string().min(1).superRefine(syntaxCheck(parsePath));
/** A template such as `{id}` or `size-{slug(name)}`; text without braces is a constant. */
export const DocTemplate = z.string().superRefine(syntaxCheck(compileTemplate));

/** One selection, or several whose records are concatenated (an export that comes in two shapes). */
export const DocSelect = z.union([DocPath, z.array(DocPath).min(1)]);
export type DocSelect = z.infer<typeof DocSelect>;

const Scalar = z.union([z.string(), z.number(), z.boolean()]);

/** Replace each selected reference by the record it names (an id looked up in an index). */
export const DocLookup = z.strictObject({ index: z.string().min(1), key: DocTemplate });
export type DocLookup = z.infer<typeof DocLookup>;
/**
 * A selection's lookup: one hop, or hops followed in order (dish -> its links -> their groups), each
 * record the previous hop reached looked up by its own key (link tables, many-to-many).
 */
export const DocLookupHops = z.union([DocLookup, z.array(DocLookup).min(1)]);
export type DocLookupHops = z.infer<typeof DocLookupHops>;

const DocConditionObject = z.strictObject({
  path: DocPath.optional(),
  in: z.array(Scalar).optional(),
  not_in: z.array(Scalar).optional(),
  exists: z.boolean().optional(),
  /** True when `key` names a record of the index (Lightspeed: the SKU is in the sold-out list). */
  in_index: DocLookup.optional(),
  get all() {
    return z.array(DocCondition).min(1).optional();
  },
  get any() {
    return z.array(DocCondition).min(1).optional();
  },
  get not() {
    return DocCondition.optional();
  },
});
/** A test on one record; values compare as text, exactly. */
export const DocCondition: z.ZodType<DocCondition> = DocConditionObject;
export interface DocCondition {
  path?: string;
  in?: (string | number | boolean)[];
  not_in?: (string | number | boolean)[];
  exists?: boolean;
  in_index?: DocLookup;
  all?: DocCondition[];
  any?: DocCondition[];
  not?: DocCondition;
}

export const Aggregate = z.enum(['first', 'min', 'max', 'sum', 'count']);
export type Aggregate = z.infer<typeof Aggregate>;

const DocValueObject = z.strictObject({
  /** One path, or alternatives: the first that reaches a non-empty value wins. */
  path: z.union([DocPath, z.array(DocPath).min(1)]).optional(),
  template: DocTemplate.optional(),
  value: Scalar.optional(),
  /** Read `path`/`template` on the record this key names in an index (a reference's target). */
  lookup: DocLookup.optional(),
  /** How to combine every value the path reaches (default: the first). */
  aggregate: Aggregate.optional(),
  transforms: z.array(TransformStep).optional(),
  /** Values that mean "nothing here" (GloriaFood force_max 0 = no maximum). */
  missing_if: z.array(Scalar).optional(),
  get when() {
    return DocCondition.optional();
  },
  get else() {
    return DocValue.optional();
  },
});
/** Where a field's value comes from: a template string, a constant, or an object. */
export const DocValue: z.ZodType<DocValue> = z.union([DocTemplate, z.number(), z.boolean(), DocValueObject]);
export type DocValue =
  | string
  | number
  | boolean
  | {
      path?: string | string[];
      template?: string;
      value?: string | number | boolean;
      lookup?: DocLookup;
      aggregate?: Aggregate;
      transforms?: TransformStep[];
      missing_if?: (string | number | boolean)[];
      when?: DocCondition;
      else?: DocValue;
    };

export const DocSkipRule = z.strictObject({ reason: z.string().min(1), when: DocCondition });
export type DocSkipRule = z.infer<typeof DocSkipRule>;

const Selection = {
  select: DocSelect,
  lookup: DocLookupHops.optional(),
  /** Records left out on purpose: counted by reason, never silent. */
  skip: z.array(DocSkipRule).optional(),
};

export const DocOptionValues = z.strictObject({
  ...Selection,
  /** Any value: a template, a path, a value read from a looked-up record (`lookup`). */
  ext_id: DocValue,
  name: DocValue,
  price: DocValue.optional(),
  /** The price is a full price: price_operand = this price - the product's price. */
  price_relative: z.boolean().optional(),
  hidden: DocValue.optional(),
  checked_default: DocValue.optional(),
  /**
   * How many times this value may be chosen in its option (Uber Eats' per-group quantity). The
   * platform has one max_quantity per option: it takes the highest of its values', unless the
   * option gives its own.
   */
  max_quantity: DocValue.optional(),
});
export type DocOptionValues = z.infer<typeof DocOptionValues>;

export const DocOption = z.strictObject({
  /** One option per selected record; absent: one option built from the owning record (variants). */
  select: DocSelect.optional(),
  lookup: DocLookupHops.optional(),
  skip: z.array(DocSkipRule).optional(),
  /** Any value: a template, a path, a value read from a looked-up record (`lookup`). */
  ext_id: DocValue,
  name: DocValue.optional(),
  type: DocValue.optional(),
  min_selectable: DocValue.optional(),
  max_selectable: DocValue.optional(),
  max_quantity: DocValue.optional(),
  note: DocValue.optional(),
  hidden: DocValue.optional(),
  /** Build the option only when it has at least this many values (Square: a variant needs 2). */
  min_values: z.number().int().min(0).optional(),
  values: DocOptionValues,
});
export type DocOption = z.infer<typeof DocOption>;

const Duplicates = z.enum(['error', 'skip']);

export const DocCategories = z.strictObject({
  ...Selection,
  /** Any value: a template, a path, a value read from a looked-up record (`lookup`). */
  ext_id: DocValue,
  name: DocValue,
  description: DocValue.optional(),
  image: DocValue.optional(),
  hidden: DocValue.optional(),
  options: z.array(DocOption).optional(),
  on_duplicate: Duplicates.optional(),
});
export type DocCategories = z.infer<typeof DocCategories>;

export const DocProducts = z
  .strictObject({
    ...Selection,
    /** Any value: a template, a path, a value read from a looked-up record (`lookup`). */
    ext_id: DocValue,
    category_ext_id: DocValue.optional(),
    /** The category of a product whose category_ext_id is empty (created when used); else an error. */
    category_fallback: z.strictObject({ ext_id: z.string().min(1), name: z.string().min(1) }).optional(),
    name: DocValue,
    description: DocValue.optional(),
    price: DocValue.optional(),
    image: DocValue.optional(),
    hidden: DocValue.optional(),
    options: z.array(DocOption).optional(),
    /** `skip`: a record whose ext_id was already mapped is counted as skipped (first one wins). */
    on_duplicate: Duplicates.optional(),
  })
  .superRefine((products, ctx) => {
    // The platform reaches a product only through its owning category (platform-interface.md).
    if (products.category_ext_id === undefined && products.category_fallback === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [],
        message:
          'no category: every product needs one on the platform; give `category_ext_id` (the owning category, e.g. `^.id`), or `category_fallback: { ext_id, name }` for one category for all',
      });
  });
export type DocProducts = z.infer<typeof DocProducts>;

export const DocIndex = z
  .strictObject({
    /** The source whose document the index reads (default: the document's own source). */
    source: z.string().min(1).optional(),
    select: DocSelect,
    key: DocTemplate.optional(),
    /** Every value this path reaches on a record is a key of it (a category's `item_ids[*]`). */
    keys: DocPath.optional(),
    /** A key may name several records (a link table): a selection's lookup reaches them all. */
    multiple: z.boolean().optional(),
    /** When set, entries no lookup ever used are counted as skipped with this reason. */
    unused: z.string().min(1).optional(),
    /** Each record no lookup reached is also a located issue (a link naming no dish). */
    report_unused: z.enum(['warning', 'error']).optional(),
  })
  .superRefine((index, ctx) => {
    if ((index.key === undefined) === (index.keys === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'an index needs exactly one of `key` (a template) or `keys` (a path to a list of ids)',
      });
  });
export type DocIndex = z.infer<typeof DocIndex>;

export const DocIgnoreRule = z.strictObject({ reason: z.string().min(1), select: DocSelect });
export type DocIgnoreRule = z.infer<typeof DocIgnoreRule>;

export const DocumentSection = z
  .strictObject({
    /** Name of the JSON source in `sources:` (default: the only source). */
    source: z.string().min(1).optional(),
    /**
     * JSON-LD: every `@type` of the schema.org vocabulary is read by its short name, however the
     * document writes it (`https://schema.org/Menu`, `http://schema.org/Menu`, `schema:Menu`).
     */
    jsonld_types: z.literal('schema.org').optional(),
    indexes: namedRecord(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), DocIndex).optional(),
    /** Parts of the document the mapping leaves out on purpose: each match is counted. */
    ignore: z.array(DocIgnoreRule).optional(),
    categories: DocCategories.optional(),
    products: DocProducts,
  })
  .superRefine((section, ctx) => {
    const known = new Set(Object.keys(section.indexes ?? {}));
    for (const { lookup, path } of lookups({ categories: section.categories, products: section.products })) {
      if (!known.has(lookup.index)) {
        ctx.addIssue({
          code: 'custom',
          // A hop of a list (`lookup[1]`) and `in_index` end in the lookup object itself.
          path: [
            ...path,
            ...(path.at(-1) === 'in_index' || typeof path.at(-1) === 'number' ? [] : ['lookup']),
            'index',
          ],
          message: `no index named "${lookup.index}" in indexes (known: ${[...known].join(', ') || 'none'})`,
        });
      }
    }
  });
export type DocumentSection = z.infer<typeof DocumentSection>;

/**
 * Every index lookup of the section with its location: selections' `lookup` and values' `lookup`
 * (`ext_id: { lookup: {...}, path: guid }`). Transforms' `lookup: { map }` has no `index`.
 */
function lookups(
  node: unknown,
  path: (string | number)[] = [],
): { lookup: DocLookup; path: (string | number)[] }[] {
  if (Array.isArray(node)) return node.flatMap((child, i) => lookups(child, [...path, i]));
  if (typeof node !== 'object' || node === null) return [];
  const out: { lookup: DocLookup; path: (string | number)[] }[] = [];
  for (const [key, child] of Object.entries(node)) {
    if (key === 'lookup' && Array.isArray(child)) {
      child.forEach((hop, i) => out.push({ lookup: hop as DocLookup, path: [...path, key, i] }));
      continue;
    }
    const index = (child as { index?: unknown } | null)?.index;
    if ((key === 'lookup' || key === 'in_index') && typeof index === 'string')
      out.push({ lookup: child as DocLookup, path: key === 'in_index' ? [...path, key] : path });
    else out.push(...lookups(child, [...path, key]));
  }
  return out;
}

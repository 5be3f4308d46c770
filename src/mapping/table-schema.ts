import { z } from 'zod';
import { namedRecord } from '../model/named-record.js';
import { DATA_ISSUE_CODES } from '../model/data-issue.js';
import { ColumnPattern, ColumnRef, Condition, TemplateText, ValueSpec } from './value-schema.js';

// The `table:` section of a `kind: table` mapping (CSV and XLSX exports). Every key is documented in
// docs/mapping-format.md; the runner is in table/.

export const SkipRule = z
  .strictObject({
    reason: z.string().min(1),
    when: Condition,
    /** `row` tests every row; `group` tests a product's first row and skips the whole product. */
    scope: z.enum(['row', 'group']).optional(),
    /** `warning`: each skipped row (or product) also yields a located warning, besides the count. */
    report: z.enum(['warning']).optional(),
    /** The warning's code (default `missing-value`); only with `report`. */
    code: z.enum(DATA_ISSUE_CODES).optional(),
  })
  .refine((rule) => rule.code === undefined || rule.report !== undefined, {
    message: '"code" is the code of the warning that `report: warning` gives: add report: warning',
  });
export type SkipRule = z.infer<typeof SkipRule>;

/**
 * A product the export describes in a way the platform cannot sell as written (sold by weight or
 * length: the price is per kg or metre, the platform sells per item): each product whose head row
 * matches yields a located warning; `hide: true` also hides it.
 */
export const WarnRule = z.strictObject({
  reason: z.string().min(1),
  when: Condition,
  hide: z.boolean().optional(),
  /** The warning's code (default `per-unit-price`). */
  code: z.enum(DATA_ISSUE_CODES).optional(),
});
export type WarnRule = z.infer<typeof WarnRule>;

export const GroupSpec = z
  .strictObject({
    /** `key` (aliases `handle`, `repeat`): rows with the same key; `continuation`: a non-empty `start`
     * opens a product, rows with it empty continue it; `parent`: rows naming a parent in `parent`. */
    by: z.enum(['none', 'key', 'handle', 'repeat', 'continuation', 'parent']),
    key: ValueSpec.optional(),
    start: ValueSpec.optional(),
    parent: ValueSpec.optional(),
    keys: z.array(ValueSpec).min(1).optional(),
  })
  .superRefine((group, ctx) => {
    const need = (key: 'key' | 'start' | 'parent' | 'keys') => {
      if (group[key] === undefined)
        ctx.addIssue({ code: 'custom', message: `by: ${group.by} needs "${key}"`, path: [] });
    };
    if (group.by === 'key' || group.by === 'handle' || group.by === 'repeat') need('key');
    if (group.by === 'continuation') need('start');
    if (group.by === 'parent') {
      need('parent');
      need('keys');
    }
  });
export type GroupSpec = z.infer<typeof GroupSpec>;

/**
 * The platform reaches a product only through its owning category (platform-interface.md,
 * `category_ext_id`): a mapping that gives none would load products no customer can find.
 */
const NO_CATEGORY =
  'no category: every product needs one on the platform; add `category: { name: { column: <column> }, fallback: <name> }` (products with an empty cell go to the fallback), or `category: { name: { value: <name> } }` for one category for all';

export const CategorySpec = z.strictObject({
  name: ValueSpec,
  ext_id: TemplateText.optional(),
  path_separator: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  take: z.enum(['last', 'first', 'join']).optional(),
  join_with: z.string().optional(),
  fallback: z.string().optional(),
});
export type CategorySpec = z.infer<typeof CategorySpec>;

/**
 * A sale price and its schedule: the price when the sale runs on the run's date (no dates: it runs
 * until ended), else the regular `price`. See mapping/sale-window.ts.
 */
export const SaleSpec = z.strictObject({
  price: ValueSpec,
  starts: ValueSpec.optional(),
  ends: ValueSpec.optional(),
});
export type SaleSpec = z.infer<typeof SaleSpec>;

export const ProductSpec = z.strictObject({
  ext_id: ValueSpec,
  name: ValueSpec,
  description: ValueSpec.optional(),
  price: ValueSpec.optional(),
  sale: SaleSpec.optional(),
  image: ValueSpec.optional(),
  hidden: ValueSpec.optional(),
});
export type ProductSpec = z.infer<typeof ProductSpec>;

export const VariantsSpec = z
  .strictObject({
    rows: z.enum(['all', 'children']).optional(),
    /** Which variant prices the product: the cheapest (default), or the one `flag` marks. */
    base: z.enum(['cheapest', 'flagged']).optional(),
    /** With `base: flagged`: true on the default variant's row (use the boolean transform). */
    flag: ValueSpec.optional(),
    /** true: an option even for a single variant; `named`: only when that variant has a name. */
    always: z.union([z.boolean(), z.literal('named')]).optional(),
    option: z
      .strictObject({
        ext_id: TemplateText.optional(),
        /** Read on the head row; when empty there, on the variant rows in order (SumUp's `Option set 1`). */
        name: ValueSpec.optional(),
        /** The option name when no row gives one (default "Variant"). */
        fallback: z.string().min(1).optional(),
      })
      .optional(),
    value: z.strictObject({
      ext_id: ValueSpec.optional(),
      name: ValueSpec,
      price: ValueSpec.optional(),
      sale: SaleSpec.optional(),
      hidden: ValueSpec.optional(),
      /**
       * An empty attribute on a variant row means "any" (WooCommerce): the row stands for every
       * value the product's row lists for that attribute, one variant each at the row's price.
       */
      any: z
        .strictObject({
          /** By position: the attribute's value on the variant row, and its list on the product's row. */
          attributes: z.array(z.strictObject({ value: ValueSpec, parent: ValueSpec })).min(1),
          /** Between the values of the product's list (default `,`). */
          separator: z.string().min(1).optional(),
          /** Between the attributes' values in a variant's name (default ` / `). */
          join: z.string().optional(),
        })
        .optional(),
    }),
  })
  .refine((v) => (v.base === 'flagged') === (v.flag !== undefined), {
    message: '`base: flagged` needs `flag` (the column marking the default variant), and `flag` needs it',
  });
export type VariantsSpec = z.infer<typeof VariantsSpec>;

export const DeclaredOptionValue = z.strictObject({
  name: z.string().min(1),
  price: z.number().optional(),
  ext_id: z.string().optional(),
  hidden: z.boolean().optional(),
});
export type DeclaredOptionValue = z.infer<typeof DeclaredOptionValue>;

export const DeclaredModifierSet = z.strictObject({
  name: z.string().optional(),
  ext_id: z.string().optional(),
  min: z.number().int().min(0).optional(),
  max: z.number().int().min(0).optional(),
  values: z.array(DeclaredOptionValue).min(1),
});
export type DeclaredModifierSet = z.infer<typeof DeclaredModifierSet>;

/** One column listing a product's set names (Clover `Modifier Groups`: `Milk, Syrups`). */
export const ModifierSetsList = z.strictObject({
  column: ColumnRef,
  /** Between set names in the cell (default `,`). */
  separator: z.string().min(1).optional(),
});
export type ModifierSetsList = z.infer<typeof ModifierSetsList>;

/** One link table: each row links its `from` key to its `to` key (many-to-many). */
export const LinkHop = z.strictObject({
  source: z.string().min(1),
  from: ValueSpec,
  to: ValueSpec,
});
export type LinkHop = z.infer<typeof LinkHop>;

/**
 * A relation through link tables: `key` on the record, then each hop in order (GrabFood: a dish's
 * ItemID -> `Linked Dish` -> GroupIDs). `dangling`: how a link that leads nowhere is reported.
 */
export const LinkChainSpec = z.strictObject({
  key: ValueSpec,
  through: z.array(LinkHop).min(1),
  dangling: z.enum(['error', 'warning']).optional(),
});
export type LinkChainSpec = z.infer<typeof LinkChainSpec>;

/** The sets themselves in a table of their own, one row per set (GrabFood's option groups sheet). */
export const SetRows = z.strictObject({
  source: z.string().min(1),
  key: ValueSpec,
  name: ValueSpec.optional(),
  ext_id: ValueSpec.optional(),
  min: ValueSpec.optional(),
  max: ValueSpec.optional(),
});
export type SetRows = z.infer<typeof SetRows>;

/**
 * The sets' options read from a second table source (another CSV, or another sheet of the same
 * workbook): one row per option value, `set` naming the set it belongs to, or `links` reaching
 * its sets through link tables.
 */
export const ModifierSetsFrom = z.strictObject({
  source: z.string().min(1),
  set: ValueSpec.optional(),
  links: LinkChainSpec.optional(),
  /** Set-level fields from a table of sets, by the set's key. */
  set_rows: SetRows.optional(),
  name: ValueSpec,
  price: ValueSpec.optional(),
  ext_id: ValueSpec.optional(),
  hidden: ValueSpec.optional(),
  /** Set-level fields: the first non-empty value among the set's rows. */
  set_name: ValueSpec.optional(),
  set_ext_id: ValueSpec.optional(),
  min: ValueSpec.optional(),
  max: ValueSpec.optional(),
});
export type ModifierSetsFrom = z.infer<typeof ModifierSetsFrom>;

export const ModifierSetsSpec = z.strictObject({
  /** `{name}` in the pattern captures the set name; other `{x}` are parameters. */
  columns: ColumnPattern.optional(),
  list: ModifierSetsList.optional(),
  /** The sets a product uses, reached from its head row through link tables. */
  links: LinkChainSpec.optional(),
  from: ModifierSetsFrom.optional(),
  truthy: z.array(z.string()).optional(),
  sets: namedRecord(z.string(), DeclaredModifierSet).optional(),
  /** A parameter whose value is a YAML/JSON file of more set declarations (same shape as `sets`). */
  sets_param: z.string().min(1).optional(),
  undeclared: z.enum(['warn', 'error', 'ignore']).optional(),
  ext_id: TemplateText.optional(),
});
export type ModifierSetsSpec = z.infer<typeof ModifierSetsSpec>;

/** The file a `sets_param` parameter names: set name -> declaration, as under `sets`. */
export const ModifierSetsFile = namedRecord(z.string(), DeclaredModifierSet);
export type ModifierSetsFile = z.infer<typeof ModifierSetsFile>;

/**
 * Options read from the product's own rows or cells (docs/mapping-format.md "options"): Odoo's
 * continuation rows (`Size: Large` with its extra price), or values packed into one cell
 * (`Reis (+1,90)|Salat (+2,50)`).
 */
export const TableOptionValue = z.strictObject({
  /** `rows`: the value's name on each row (required). `packed`: not used (the cell gives it). */
  name: ValueSpec.optional(),
  /** `rows`: the name cell holds `Option: Value`; the text before the first separator names the option. */
  split: z.string().min(1).optional(),
  /** `rows`: the value's extra price, a surcharge over the product's price. */
  price: ValueSpec.optional(),
  hidden: ValueSpec.optional(),
  /** Default `{@option}-{slug(@name)}`; also `@product`, `@price` (the surcharge as written in cents). */
  ext_id: TemplateText.optional(),
});
export type TableOptionValue = z.infer<typeof TableOptionValue>;

export const PackedValues = z.strictObject({
  column: ColumnRef,
  /** Between values in the cell (default `|`). */
  separator: z.string().min(1).optional(),
});
export type PackedValues = z.infer<typeof PackedValues>;

export const TableOption = z
  .strictObject({
    /** Values from the product's rows: `all` (head row included, default) or `children`. */
    rows: z.enum(['all', 'children']).optional(),
    /** Values packed in one cell of the product's head row: `Name (+1,90)` separated by `separator`. */
    packed: PackedValues.optional(),
    /**
     * The option's name. `rows`: read on each row; rows naming different options give different
     * options, and a row with an empty name continues the option of the row above.
     */
    name: ValueSpec.optional(),
    /**
     * Default `{@product}-{slug(@name)}`: the platform may hold option ext_ids unique in the whole
     * environment, and the same option carries different values and prices on different products.
     */
    ext_id: TemplateText.optional(),
    /** `single`: one choice, required unless min_selectable says 0; `multiple` (default): any number. */
    type: z.enum(['single', 'multiple']).optional(),
    min_selectable: z.number().int().min(0).optional(),
    max_selectable: z.number().int().min(1).optional(),
    value: TableOptionValue.optional(),
  })
  .superRefine((option, ctx) => {
    const say = (message: string) => ctx.addIssue({ code: 'custom', message, path: [] });
    if ((option.rows === undefined) === (option.packed === undefined))
      say('an option reads its values from `rows` or from one `packed` cell: give exactly one');
    if (option.packed !== undefined) {
      if (option.name === undefined) say('a packed option needs a `name`');
      if (option.value?.name !== undefined || option.value?.split !== undefined || option.value?.price)
        say("a packed cell gives the values' names and prices: `value` takes only ext_id and hidden");
    }
    if (option.rows !== undefined) {
      if (option.value?.name === undefined) say('an option from `rows` needs `value.name`');
      if (option.name === undefined && option.value?.split === undefined)
        say('an option from `rows` needs a `name`, or `value.split` to read it from the value cell');
    }
  });
export type TableOption = z.infer<typeof TableOption>;

export const TableSection = z
  .strictObject({
    source: z.string().min(1),
    skip: z.array(SkipRule).optional(),
    warn: z.array(WarnRule).optional(),
    group: GroupSpec.optional(),
    category: CategorySpec.optional(),
    product: ProductSpec,
    variants: VariantsSpec.optional(),
    modifier_sets: ModifierSetsSpec.optional(),
    options: z.array(TableOption).min(1).optional(),
  })
  .superRefine((section, ctx) => {
    // Optional in the shape so that the message can say what to write rather than "Required".
    if (section.category === undefined) ctx.addIssue({ code: 'custom', message: NO_CATEGORY, path: [] });
  });
export type TableSection = z.infer<typeof TableSection>;

export { ColumnRef };

/** Every source the table section reads, with the key paths that name it (table.source first). */
export function tableSourceReaders(table: TableSection): Map<string, (string | number)[][]> {
  const readers = new Map<string, (string | number)[][]>();
  const add = (name: string, path: (string | number)[]) =>
    readers.set(name, [...(readers.get(name) ?? []), path]);
  add(table.source, ['table', 'source']);
  const sets = table.modifier_sets;
  const base = ['table', 'modifier_sets'];
  const hops = (chain: LinkChainSpec | undefined, at: (string | number)[]) =>
    chain?.through.forEach((hop, i) => add(hop.source, [...at, 'through', i, 'source']));
  hops(sets?.links, [...base, 'links']);
  if (sets?.from) {
    add(sets.from.source, [...base, 'from', 'source']);
    hops(sets.from.links, [...base, 'from', 'links']);
    if (sets.from.set_rows) add(sets.from.set_rows.source, [...base, 'from', 'set_rows', 'source']);
  }
  return readers;
}

import { z } from 'zod';
import { namedRecord } from '../model/named-record.js';
import { parseTemplate, TemplateSyntaxError } from './transforms/template.js';

// The building blocks every section of a mapping uses: column references, transforms, value specs
// and row conditions. Documented key by key in docs/mapping-format.md.

/** `{ pattern: 'Price [{store}]' }`: `{param}` placeholders are mapping parameters. */
export const ColumnPattern = z.object({
  pattern: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
});
export type ColumnPattern = z.infer<typeof ColumnPattern>;

/** An exact header (case-insensitive fallback), alternatives tried in order, or a pattern. */
export const ColumnRef = z.union([z.string().min(1), z.array(z.string().min(1)).min(1), ColumnPattern]);
export type ColumnRef = z.infer<typeof ColumnRef>;

export const MoneyOptions = z.strictObject({
  cents: z.boolean().optional(),
  decimal: z.enum(['auto', '.', ',']).optional(),
  variable: z.enum(['warn', 'skip', 'zero']).optional(),
});
export type MoneyOptions = z.infer<typeof MoneyOptions>;

export const BooleanOptions = z.strictObject({
  invert: z.boolean().optional(),
  true: z.array(z.string()).optional(),
  false: z.array(z.string()).optional(),
  empty: z.boolean().optional(),
});
export type BooleanOptions = z.infer<typeof BooleanOptions>;

export const LookupOptions = z.strictObject({
  map: namedRecord(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  otherwise: z.enum(['keep', 'null', 'warn']).optional(),
});
export type LookupOptions = z.infer<typeof LookupOptions>;

export const CategoryPathOptions = z.strictObject({
  separator: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  take: z.enum(['last', 'first', 'join']).optional(),
  join_with: z.string().optional(),
});
export type CategoryPathOptions = z.infer<typeof CategoryPathOptions>;

export const SplitOptions = z.strictObject({
  separator: z.string().min(1),
  index: z.number().int().optional(),
});
export type SplitOptions = z.infer<typeof SplitOptions>;

export const ReplaceOptions = z.strictObject({ find: z.string().min(1), with: z.string() });
export type ReplaceOptions = z.infer<typeof ReplaceOptions>;

export const TransformName = z.enum([
  'trim',
  'money',
  'boolean',
  'html_to_text',
  'category_path',
  'lower',
  'upper',
  'slug',
]);
export type TransformName = z.infer<typeof TransformName>;

/** One step of a transform chain: a bare name, or a one-key object carrying options. */
export const TransformStep = z.union([
  TransformName,
  z.strictObject({ money: MoneyOptions }),
  z.strictObject({ boolean: BooleanOptions }),
  z.strictObject({ lookup: LookupOptions }),
  z.strictObject({ category_path: CategoryPathOptions }),
  z.strictObject({ split: SplitOptions }),
  z.strictObject({ replace: ReplaceOptions }),
  z.strictObject({ default: z.union([z.string(), z.number(), z.boolean()]) }),
  z.strictObject({ null_if: z.array(z.string()) }),
]);
export type TransformStep = z.infer<typeof TransformStep>;

/** A `{Column}` template, syntax-checked at load so a typo is reported with its line. */
export const TemplateText = z.string().superRefine((text, ctx) => {
  try {
    parseTemplate(text);
  } catch (error) {
    if (!(error instanceof TemplateSyntaxError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message });
  }
});

const SOURCE_KEYS = ['column', 'template', 'value', 'first_of', 'join'] as const;

const ValueSpecObject = z
  .strictObject({
    column: ColumnRef.optional(),
    template: TemplateText.optional(),
    value: z.union([z.string(), z.number(), z.boolean()]).optional(),
    get first_of() {
      return z.array(ValueSpec).min(1).optional();
    },
    join: z.strictObject({ with: z.string(), parts: z.array(TemplateText).min(1) }).optional(),
    transforms: z.array(TransformStep).optional(),
    optional: z.boolean().optional(),
  })
  .superRefine((spec, ctx) => {
    const keys = SOURCE_KEYS.filter((k) => spec[k] !== undefined);
    if (keys.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: `give exactly one of ${SOURCE_KEYS.join(', ')} (found ${keys.length === 0 ? 'none' : keys.join(', ')})`,
      });
    }
  });

/** Where a field's value comes from: a template string, or an object with exactly one source key. */
export const ValueSpec: z.ZodType<ValueSpec> = z.union([TemplateText, ValueSpecObject]);
export type ValueSpec =
  | string
  | {
      column?: ColumnRef;
      template?: string;
      value?: string | number | boolean;
      first_of?: ValueSpec[];
      join?: { with: string; parts: string[] };
      transforms?: TransformStep[];
      optional?: boolean;
    };

const ConditionObject = z.strictObject({
  column: ColumnRef.optional(),
  template: TemplateText.optional(),
  in: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
  not_in: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
  empty: z.boolean().optional(),
  /** Numeric tests: the value (after `transforms`, e.g. `money`) is a number below/above this. */
  below: z.number().optional(),
  above: z.number().optional(),
  /** Literal text the value contains (case-insensitive): no regular expressions from user data. */
  contains: z.string().min(1).max(200).optional(),
  /** Run on the value before it is tested; their issues are not reported (the field reports them). */
  transforms: z.array(TransformStep).optional(),
  optional: z.boolean().optional(),
  get all() {
    return z.array(Condition).min(1).optional();
  },
  get any() {
    return z.array(Condition).min(1).optional();
  },
  get not() {
    return Condition.optional();
  },
});

const VALUE_TESTS = ['in', 'not_in', 'empty', 'below', 'above', 'contains', 'transforms'] as const;

/** A test on one row; `all`/`any`/`not` combine tests. Values compare trimmed, case-insensitively. */
export const Condition: z.ZodType<Condition> = ConditionObject.superRefine((cond, ctx) => {
  // A test with nothing to read would be ignored silently: say so at load, with its line.
  const tests = VALUE_TESTS.filter((k) => cond[k] !== undefined);
  if (tests.length > 0 && cond.column === undefined && cond.template === undefined)
    ctx.addIssue({ code: 'custom', message: `${tests.join(', ')} needs "column" or "template"` });
  if (cond.column !== undefined && cond.template !== undefined)
    ctx.addIssue({ code: 'custom', message: 'give "column" or "template", not both' });
});
export interface Condition {
  column?: ColumnRef;
  template?: string;
  in?: (string | number | boolean)[];
  not_in?: (string | number | boolean)[];
  empty?: boolean;
  below?: number;
  above?: number;
  contains?: string;
  transforms?: TransformStep[];
  optional?: boolean;
  all?: Condition[];
  any?: Condition[];
  not?: Condition;
}

import { z } from 'zod';

// Field names and types follow ../shared/spec/platform-interface.md, "Menu import entities (request)".
// The spec marks only ext_id as certainly required; everything else is optional on the wire.
// Enum fields whose allowed values the spec does not show (type, price_operator, inherits_options)
// are strings here: the seen value passes, any other non-empty value passes with a warning
// (see validate-payload.ts), so an unusual value is never rejected nor accepted silently.

const Money = z.number();
const Int = z.number().int();

export const ImportOptionValue = z.object({
  ext_id: z.string(),
  name: z.string().optional(),
  short_name: z.string().optional(),
  price_operator: z.string().optional(),
  price_operand: Money.optional(),
  hidden: z.boolean().optional(),
  checked_default: z.boolean().optional(),
  position: Int.optional(),
});
export type ImportOptionValue = z.infer<typeof ImportOptionValue>;

export const ImportOption = z.object({
  ext_id: z.string(),
  name: z.string().optional(),
  short_name: z.string().optional(),
  type: z.string().optional(),
  min_selectable: Int.optional(),
  max_selectable: Int.optional(),
  max_quantity: Int.optional(),
  note: z.string().optional(),
  hidden: z.boolean().optional(),
  position: Int.optional(),
  primary: z.boolean().optional(),
  first_default: z.boolean().optional(),
  show_caption: z.boolean().optional(),
  print_caption: z.boolean().optional(),
  option_values: z.array(ImportOptionValue).optional(),
});
export type ImportOption = z.infer<typeof ImportOption>;

export const ImportCategory = z.object({
  ext_id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  image: z.string().optional(),
  hidden: z.boolean().optional(),
  position: Int.optional(),
  options: z.array(ImportOption).optional(),
});
export type ImportCategory = z.infer<typeof ImportCategory>;

export const ImportProduct = z.object({
  ext_id: z.string(),
  category_ext_id: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  price: Money.optional(),
  // Structure not shown by the spec: passed through untouched.
  prices_table: z.record(z.string(), z.unknown()).optional(),
  image: z.string().optional(),
  hidden: z.boolean().optional(),
  position: Int.optional(),
  inherits_options: z.string().optional(),
  options: z.array(ImportOption).optional(),
});
export type ImportProduct = z.infer<typeof ImportProduct>;

export const UpdateMode = z.enum(['replace', 'merge']);
export type UpdateMode = z.infer<typeof UpdateMode>;

export const ImportPayload = z.object({
  pos_uid: z.string().min(1),
  update_mode: UpdateMode,
  categories: z.array(ImportCategory).optional(),
  products: z.array(ImportProduct).optional(),
});
export type ImportPayload = z.infer<typeof ImportPayload>;

/** The values the spec shows for its open enums; anything else is warned about. */
export const SEEN_ENUM_VALUES = {
  type: 'single',
  price_operator: '+',
  inherits_options: 'sync',
} as const;

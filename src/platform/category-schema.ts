import { z } from 'zod';

/**
 * One page of GET /menu/categories as platform-interface.md defines it: the paging members are
 * required, and every category, option and value has the types of "Category (read)". A listing
 * the tool cannot trust is never taken as the live menu: a replace planned against a half-read
 * menu deletes what it did not see.
 */
export const OptionValueRead = z.looseObject({
  uid: z.string(),
  ext_id: z.string().optional(),
  name: z.string().optional(),
  short_name: z.string().optional(),
  price_operator: z.string().optional(),
  price_operand: z.number().optional(),
  hidden: z.boolean().optional(),
  checked_default: z.boolean().optional(),
  position: z.number().int().optional(),
  subrestaurant_uids: z.array(z.string()).optional(),
});

export const OptionRead = z.looseObject({
  uid: z.string(),
  ext_id: z.string().optional(),
  name: z.string().optional(),
  short_name: z.string().optional(),
  type: z.string().optional(),
  min_selectable: z.number().int().optional(),
  max_selectable: z.number().int().optional(),
  max_quantity: z.number().int().optional(),
  note: z.string().optional(),
  hidden: z.boolean().optional(),
  position: z.number().int().optional(),
  primary: z.boolean().optional(),
  first_default: z.boolean().optional(),
  show_caption: z.boolean().optional(),
  print_caption: z.boolean().optional(),
  subrestaurant_uids: z.array(z.string()).optional(),
  option_values: z.array(OptionValueRead).optional(),
});

export const CategoryRead = z.looseObject({
  uid: z.string(),
  ext_id: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  image: z.string().optional(),
  products_count: z.number().int().min(0).optional(),
  url: z.string().optional(),
  hidden: z.boolean().optional(),
  position: z.number().int().optional(),
  subrestaurant_uids: z.array(z.string()).optional(),
  options: z.array(OptionRead).optional(),
});

export const CategoryPage = z.looseObject({
  page: z.number().int().min(1),
  pagesize: z.number().int().min(1).max(100),
  total_count: z.number().int().min(0),
  more: z.boolean(),
  categories: z.array(CategoryRead),
});
export type CategoryPage = z.infer<typeof CategoryPage>;

import type { CanonicalMenu } from './canonical-menu.js';
import { CanonicalMenu as CanonicalMenuSchema } from './canonical-menu.js';
import {
  ImportPayload,
  SEEN_ENUM_VALUES,
  type ImportOption,
  type ImportOptionValue,
} from './import-payload.js';

/** Closed list of problems the platform would reject (errors) or that deserve a look (warnings). */
export type PayloadIssueCode =
  | 'invalid-field'
  | 'empty-ext-id'
  | 'duplicate-ext-id'
  | 'unknown-category'
  | 'missing-category'
  | 'bad-price'
  | 'min-greater-than-max'
  | 'unsatisfiable-option'
  | 'unseen-enum-value';

export interface PayloadIssue {
  code: PayloadIssueCode;
  severity: 'error' | 'warning';
  /** e.g. products[ext_id=P12].options[ext_id=SIZE].option_values[2].price_operand */
  path: string;
  message: string;
}

// Arrays whose elements are addressed by ext_id in paths; option values keep their index,
// which is what a reader counts in the file they are fixing.
const KEYED_ARRAYS = new Set(['categories', 'products', 'options']);

/** Renders a zod-style path against the raw document, naming entities by ext_id where one exists. */
export function formatPath(root: unknown, segments: readonly PropertyKey[]): string {
  let out = '';
  let node: unknown = root;
  let parentKey: PropertyKey | undefined;
  for (const seg of segments) {
    if (typeof seg === 'number') {
      const item: unknown = Array.isArray(node) ? node[seg] : undefined;
      const extId = isRecord(item) ? item.ext_id : undefined;
      const keyed = typeof parentKey === 'string' && KEYED_ARRAYS.has(parentKey);
      out += keyed && typeof extId === 'string' && extId !== '' ? `[ext_id=${extId}]` : `[${seg}]`;
      node = item;
    } else {
      out += out === '' ? String(seg) : `.${String(seg)}`;
      node = isRecord(node) ? node[seg as string] : undefined;
    }
    parentKey = seg;
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Validates a full request body: shape first, then the rules the platform enforces. */
export function validatePayload(raw: unknown, options: ValidateMenuOptions = {}): PayloadIssue[] {
  const parsed = ImportPayload.safeParse(raw);
  if (!parsed.success) return zodIssues(raw, parsed.error.issues);
  return validateMenu(
    { categories: parsed.data.categories ?? [], products: parsed.data.products ?? [] },
    options,
  );
}

/** Validates the categories and products of a menu (no envelope). */
export function validateMenuDocument(raw: unknown): PayloadIssue[] {
  const parsed = CanonicalMenuSchema.safeParse(raw);
  if (!parsed.success) return zodIssues(raw, parsed.error.issues);
  return validateMenu(parsed.data);
}

function zodIssues(
  raw: unknown,
  issues: readonly { path: PropertyKey[]; message: string }[],
): PayloadIssue[] {
  return issues.map((issue) => {
    const field = issue.path[issue.path.length - 1];
    // zod rejects NaN and Infinity as "not a number"; for a price that is the bad-price problem.
    const nonFinitePrice =
      (field === 'price' || field === 'price_operand') && typeof valueAt(raw, issue.path) === 'number';
    return {
      code: nonFinitePrice ? 'bad-price' : 'invalid-field',
      severity: 'error',
      path: formatPath(raw, issue.path) || '(root)',
      message: nonFinitePrice
        ? `price is not a finite number (${String(valueAt(raw, issue.path))})`
        : issue.message,
    };
  });
}

function valueAt(root: unknown, segments: readonly PropertyKey[]): unknown {
  let node = root;
  for (const seg of segments) {
    node =
      typeof node === 'object' && node !== null ? (node as Record<PropertyKey, unknown>)[seg] : undefined;
  }
  return node;
}

export interface ValidateMenuOptions {
  /**
   * The producer has already rejected every duplicate product ext_id (table mode's assembler
   * does: one product per group key, or a Set of the ids it kept), so the 100k-entry Set that
   * would find them again is skipped (~40 ms at 100k products). Empty ext_ids are still checked.
   */
  productIdsUnique?: boolean;
  /**
   * Prices (and price operands) at or above this are `bad-price` errors. Extraction sets the limit of the mapping's currency (currency.ts)
   * as a last net for amounts that reached the menu without being read by the money transform
   * (declared set prices, constants); the sandbox does not, since the platform publishes no limit.
   */
  priceLimit?: number;
  /**
   * A product without category_ext_id is an error (`missing-category`): the sandbox refuses such an
   * import as the platform would, and extraction reports it. Off for menus checked piecemeal.
   */
  categoryRequired?: boolean;
}

/**
 * The semantic checks, on a menu whose shape is already known to be right. Paths are built only
 * for problems found: a 100k-product menu has a million option values and, usually, none of them
 * has a problem. An option object shared by several parents (table mode shares a modifier set's
 * option, and one options array between consecutive products with the same sets) is checked once;
 * its problems are reported under the first parent that has it.
 */
export function validateMenu(menu: CanonicalMenu, options: ValidateMenuOptions = {}): PayloadIssue[] {
  const issues: PayloadIssue[] = [];
  const add: AddIssue = (code, path, message, severity = 'error') =>
    issues.push({ code, severity, path, message });
  const limit = options.priceLimit ?? Infinity;
  const checked = new Set<ImportOption>();

  const categoryIds = new Set<string>();
  checkExtIds(menu.categories, () => 'categories', add, categoryIds);
  if (options.productIdsUnique) {
    const productsPath = () => 'products';
    for (let i = 0; i < menu.products.length; i++) {
      checkExtId((menu.products[i] as { ext_id: string }).ext_id, false, i, productsPath, add);
    }
  } else {
    checkExtIds(menu.products, () => 'products', add);
  }

  const categories = menu.categories;
  for (let i = 0; i < categories.length; i++) {
    const category = categories[i] as CanonicalMenu['categories'][number];
    if (category.options) {
      checkOptions(category.options, () => entityPath('categories', category.ext_id, i), add, checked, limit);
    }
  }
  const products = menu.products;
  let lastOptions: readonly ImportOption[] | undefined;
  // One path function for the loop, reading the product being checked (paths are built during the
  // iteration only): a closure per product was 100k allocations to find, usually, nothing.
  let i = 0;
  const path: LazyPath = () => entityPath('products', (products[i] as { ext_id: string }).ext_id, i);
  for (; i < products.length; i++) {
    const product = products[i] as CanonicalMenu['products'][number];
    if (product.category_ext_id === undefined) {
      if (options.categoryRequired)
        // platform-interface.md: "ext_id of the owning category". The platform lists products
        // through their category only, so one without is in the menu and out of every customer's reach.
        add(
          'missing-category',
          `${path()}.category_ext_id`,
          'product has no category_ext_id (the ext_id of its owning category): no customer could reach it',
        );
    } else if (!categoryIds.has(product.category_ext_id)) {
      add(
        'unknown-category',
        `${path()}.category_ext_id`,
        `no category has ext_id "${product.category_ext_id}"`,
      );
    }
    if (product.price !== undefined) checkPrice(product.price, path, 'price', add, limit);
    if (product.inherits_options !== undefined) {
      checkEnum('inherits_options', product.inherits_options, path, add);
    }
    if (product.options && product.options !== lastOptions) {
      checkOptions(product.options, path, add, checked, limit);
      lastOptions = product.options;
    }
  }
  return issues;
}

type AddIssue = (
  code: PayloadIssueCode,
  path: string,
  message: string,
  severity?: 'error' | 'warning',
) => void;

/** The path of the entity a problem is in, built only when there is a problem. */
type LazyPath = () => string;

function entityPath(array: string, extId: string, index: number): string {
  return extId !== '' ? `${array}[ext_id=${extId}]` : `${array}[${index}]`;
}

// Scopes up to this size are checked pairwise: most are an option's few values, and a Set per
// scope would cost more than the comparisons.
const PAIRWISE_MAX = 8;

/** Reports empty and duplicate ext_ids within one scope; fills `seen` with the ids when given. */
function checkExtIds(
  entities: readonly { ext_id: string }[],
  arrayPath: LazyPath,
  add: AddIssue,
  seen?: Set<string>,
): void {
  const n = entities.length;
  if (seen === undefined && n <= PAIRWISE_MAX) {
    for (let i = 0; i < n; i++) {
      const extId = (entities[i] as { ext_id: string }).ext_id;
      let duplicate = false;
      for (let j = 0; j < i && !duplicate; j++)
        duplicate = (entities[j] as { ext_id: string }).ext_id === extId;
      checkExtId(extId, duplicate, i, arrayPath, add);
    }
    return;
  }
  const ids = seen ?? new Set<string>();
  for (let i = 0; i < n; i++) {
    const extId = (entities[i] as { ext_id: string }).ext_id;
    checkExtId(extId, ids.has(extId), i, arrayPath, add);
    ids.add(extId);
  }
}

function checkExtId(extId: string, duplicate: boolean, i: number, arrayPath: LazyPath, add: AddIssue): void {
  if (extId.trim() === '') {
    add('empty-ext-id', `${arrayPath()}[${i}].ext_id`, 'ext_id is empty');
  } else if (duplicate) {
    const array = arrayPath();
    add('duplicate-ext-id', `${array}[${i}].ext_id`, `ext_id "${extId}" appears more than once in ${array}`);
  }
}

function checkOptions(
  options: readonly ImportOption[],
  parentPath: LazyPath,
  add: AddIssue,
  checked: Set<ImportOption>,
  limit: number,
): void {
  const optionsPath = () => `${parentPath()}.options`;
  checkExtIds(options, optionsPath, add);
  for (let i = 0; i < options.length; i++) {
    const option = options[i] as ImportOption;
    if (checked.has(option)) continue;
    checked.add(option);
    const path = () => `${parentPath()}.${entityPath('options', option.ext_id, i)}`;
    if (option.type !== undefined) checkEnum('type', option.type, path, add);
    if (
      option.min_selectable !== undefined &&
      option.max_selectable !== undefined &&
      option.min_selectable > option.max_selectable
    ) {
      add(
        'min-greater-than-max',
        `${path()}.min_selectable`,
        `min_selectable ${option.min_selectable} is greater than max_selectable ${option.max_selectable}`,
      );
    }
    checkSatisfiable(option, path, add);
    if (option.option_values) checkValues(option.option_values, path, add, limit);
  }
}

/**
 * A required option that its visible values cannot fill (`5 Balls`: 5 choices from 2 values, each
 * once) makes its product impossible to order: a warning, since the platform takes it all the same.
 * Each value may be chosen max_quantity times (once when absent).
 */
function checkSatisfiable(option: ImportOption, path: LazyPath, add: AddIssue): void {
  const min = option.min_selectable ?? 0;
  // min above max is its own error (min-greater-than-max), not two problems.
  if (min <= 1 || option.hidden === true || min > (option.max_selectable ?? min)) return;
  let visible = 0;
  for (const value of option.option_values ?? []) if (value.hidden !== true) visible++;
  const each = Math.max(1, option.max_quantity ?? 1);
  if (visible * each >= min) return;
  add(
    'unsatisfiable-option',
    `${path()}.min_selectable`,
    `min_selectable ${min} cannot be met: ${visible} visible value${visible === 1 ? '' : 's'}, each chosen at most ${each} time${each === 1 ? '' : 's'} (max_quantity); the product cannot be ordered`,
    'warning',
  );
}

function checkValues(
  values: readonly ImportOptionValue[],
  optionPath: LazyPath,
  add: AddIssue,
  limit: number,
): void {
  checkExtIds(values, () => `${optionPath()}.option_values`, add);
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as ImportOptionValue;
    const price = value.price_operand;
    const operator = value.price_operator;
    // The common case (a finite, non-negative price and the seen operator) needs no path at all.
    if (
      (price === undefined || (Number.isFinite(price) && price >= 0 && price < limit)) &&
      (operator === undefined || operator === SEEN_ENUM_VALUES.price_operator)
    )
      continue;
    const path = () => `${optionPath()}.option_values[${i}]`;
    if (price !== undefined) checkPrice(price, path, 'price_operand', add, limit);
    if (operator !== undefined) checkEnum('price_operator', operator, path, add);
  }
}

function checkPrice(price: number, path: LazyPath, field: string, add: AddIssue, limit: number): void {
  if (!Number.isFinite(price))
    add('bad-price', `${path()}.${field}`, `price is not a finite number (${price})`);
  else if (price < 0) add('bad-price', `${path()}.${field}`, `price is negative (${price})`);
  else if (price >= limit)
    add(
      'bad-price',
      `${path()}.${field}`,
      `implausible price ${price} (${limit.toLocaleString('en-US')} or more)`,
    );
}

function checkEnum(field: keyof typeof SEEN_ENUM_VALUES, value: string, path: LazyPath, add: AddIssue): void {
  if (value === SEEN_ENUM_VALUES[field]) return;
  if (value === '') add('invalid-field', `${path()}.${field}`, `${field} is empty`);
  else {
    add(
      'unseen-enum-value',
      `${path()}.${field}`,
      `${field} "${value}" is not the value the platform is known to accept ("${SEEN_ENUM_VALUES[field]}")`,
      'warning',
    );
  }
}

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
  | 'bad-price'
  | 'min-greater-than-max'
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
export function validatePayload(raw: unknown): PayloadIssue[] {
  const parsed = ImportPayload.safeParse(raw);
  if (!parsed.success) return zodIssues(raw, parsed.error.issues);
  return validateMenu({ categories: parsed.data.categories ?? [], products: parsed.data.products ?? [] });
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

/** The semantic checks, on a menu whose shape is already known to be right. */
export function validateMenu(menu: CanonicalMenu): PayloadIssue[] {
  const issues: PayloadIssue[] = [];
  const add = (
    code: PayloadIssueCode,
    path: string,
    message: string,
    severity: 'error' | 'warning' = 'error',
  ) => issues.push({ code, severity, path, message });

  const categoryIds = checkExtIds(menu.categories, 'categories', add);
  checkExtIds(menu.products, 'products', add);

  menu.categories.forEach((category, i) => {
    const path = entityPath('categories', category.ext_id, i);
    checkOptions(category.options, path, add);
  });
  menu.products.forEach((product, i) => {
    const path = entityPath('products', product.ext_id, i);
    if (product.category_ext_id !== undefined && !categoryIds.has(product.category_ext_id)) {
      add(
        'unknown-category',
        `${path}.category_ext_id`,
        `no category has ext_id "${product.category_ext_id}"`,
      );
    }
    checkPrice(product.price, `${path}.price`, add);
    checkEnum('inherits_options', product.inherits_options, path, add);
    checkOptions(product.options, path, add);
  });
  return issues;
}

type AddIssue = (
  code: PayloadIssueCode,
  path: string,
  message: string,
  severity?: 'error' | 'warning',
) => void;

function entityPath(array: string, extId: string, index: number): string {
  return extId !== '' ? `${array}[ext_id=${extId}]` : `${array}[${index}]`;
}

/** Reports empty and duplicate ext_ids within one scope; returns the set of ids seen. */
function checkExtIds(entities: readonly { ext_id: string }[], array: string, add: AddIssue): Set<string> {
  const seen = new Set<string>();
  entities.forEach((entity, i) => {
    if (entity.ext_id.trim() === '') {
      add('empty-ext-id', `${array}[${i}].ext_id`, 'ext_id is empty');
    } else if (seen.has(entity.ext_id)) {
      add(
        'duplicate-ext-id',
        `${array}[${i}].ext_id`,
        `ext_id "${entity.ext_id}" appears more than once in ${array}`,
      );
    }
    seen.add(entity.ext_id);
  });
  return seen;
}

function checkOptions(options: readonly ImportOption[] | undefined, parentPath: string, add: AddIssue): void {
  if (!options) return;
  checkExtIds(options, `${parentPath}.options`, add);
  options.forEach((option, i) => {
    const path = `${parentPath}.${entityPath('options', option.ext_id, i)}`;
    checkEnum('type', option.type, path, add);
    if (
      option.min_selectable !== undefined &&
      option.max_selectable !== undefined &&
      option.min_selectable > option.max_selectable
    ) {
      add(
        'min-greater-than-max',
        `${path}.min_selectable`,
        `min_selectable ${option.min_selectable} is greater than max_selectable ${option.max_selectable}`,
      );
    }
    checkValues(option.option_values, path, add);
  });
}

function checkValues(
  values: readonly ImportOptionValue[] | undefined,
  optionPath: string,
  add: AddIssue,
): void {
  if (!values) return;
  checkExtIds(values, `${optionPath}.option_values`, add);
  values.forEach((value, i) => {
    const path = `${optionPath}.option_values[${i}]`;
    checkPrice(value.price_operand, `${path}.price_operand`, add);
    checkEnum('price_operator', value.price_operator, path, add);
  });
}

function checkPrice(price: number | undefined, path: string, add: AddIssue): void {
  if (price === undefined) return;
  if (!Number.isFinite(price)) add('bad-price', path, `price is not a finite number (${price})`);
  else if (price < 0) add('bad-price', path, `price is negative (${price})`);
}

function checkEnum(
  field: keyof typeof SEEN_ENUM_VALUES,
  value: string | undefined,
  path: string,
  add: AddIssue,
) {
  if (value === undefined) return;
  if (value === '') add('invalid-field', `${path}.${field}`, `${field} is empty`);
  else if (value !== SEEN_ENUM_VALUES[field]) {
    add(
      'unseen-enum-value',
      `${path}.${field}`,
      `${field} "${value}" is not the value the platform is known to accept ("${SEEN_ENUM_VALUES[field]}")`,
      'warning',
    );
  }
}

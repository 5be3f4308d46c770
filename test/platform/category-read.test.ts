import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CategoryPage } from '../../src/platform/category-schema.js';
import {
  CATEGORY_MEMBERS,
  OPTION_MEMBERS,
  OPTION_VALUE_MEMBERS,
  readCategoryPage,
} from '../../src/platform/category-read.js';

type Shape = Record<string, z.ZodType>;

const categoryShape = (CategoryPage.shape.categories.element as unknown as { shape: Shape }).shape;
const elementShape = (optionalArray: z.ZodType): Shape =>
  (optionalArray as unknown as { unwrap(): { element: { shape: Shape } } }).unwrap().element.shape;
const optionShape = elementShape(categoryShape.options!);
const valueShape = elementShape(optionShape.option_values!);

/**
 * A page as the platform might list it: members in its own order, every declared member somewhere
 * at each level (so each is replaced below), and members the schema does not know.
 */
function page(): Record<string, unknown> {
  const value = (v: number) => ({
    ext_id: `V${v}`,
    name: `Value ${v}`,
    short_name: `V${v}`,
    price_operator: '+',
    price_operand: v / 2,
    hidden: false,
    checked_default: v === 0,
    position: v,
    subrestaurant_uids: ['r1'],
    uid: `v${v}`,
    colour: { r: 1 },
    '7': 'seven',
  });
  const option = {
    ext_id: 'SIZE',
    uid: 'o1',
    name: 'Size',
    short_name: 'S',
    type: 'single',
    min_selectable: 0,
    max_selectable: 1,
    max_quantity: 2,
    note: 'pick one',
    hidden: false,
    position: 0,
    primary: true,
    first_default: false,
    show_caption: true,
    print_caption: false,
    subrestaurant_uids: [],
    option_values: [value(0), value(1)],
    layout: 'grid',
  };
  return {
    success: true,
    categories: [
      {
        name: 'Soups',
        uid: 'c1',
        products_count: 3,
        extra: [1, 2],
        options: [option],
        subrestaurant_uids: ['r1', 'r2'],
        position: -2,
        hidden: false,
        ext_id: 'C1',
      },
      { uid: 'c2', url: 'https://example.test/c2', options: [], description: 'none', image: 'i.png' },
    ],
    page: 1,
    pagesize: 100,
    total_count: 2,
    more: false,
  };
}

/** Every place a member sits in page(), as a path of keys. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [at];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [at, ...keys.flatMap((key) => paths((value as Record<string, unknown>)[key], [...at, key]))];
}

function mutated(path: (string | number)[], replacement: unknown, drop: boolean): Record<string, unknown> {
  const body = page();
  if (path.length === 0) return body;
  let parent = body as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (drop) delete parent[last];
  else parent[last] = replacement;
  return body;
}

const REPLACEMENTS: unknown[] = [
  null,
  undefined,
  'text',
  '3',
  '',
  0,
  -0,
  1,
  -1,
  1.5,
  101,
  1e300,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  [],
  ['a'],
  [1],
  [{}],
  [{ uid: 'x' }],
  {},
  { uid: 'x' },
];

/** The fast read never accepts what zod refuses, and gives exactly zod's categories when it accepts. */
function expectAgreement(body: Record<string, unknown>): boolean {
  const fast = readCategoryPage(body);
  const parsed = CategoryPage.safeParse(body);
  if (fast === undefined) return false;
  expect(parsed.success).toBe(true);
  const { page: p, pagesize, total_count, more, categories } = parsed.data!;
  expect(fast).toStrictEqual({ page: p, pagesize, total_count, more, categories });
  expect(JSON.stringify(fast.categories)).toBe(JSON.stringify(categories));
  // Key order and prototypes too: a `__proto__` member copied by assignment would replace one.
  const keys = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(keys)
      : value !== null && typeof value === 'object'
        ? [Object.getPrototypeOf(value), Object.entries(value).map(([key, item]) => [key, keys(item)])]
        : value;
  expect(keys(fast.categories)).toStrictEqual(keys(categories));
  return true;
}

describe('the live read checks a page without zod when it can', () => {
  it('declares the members of the zod schema, in its order', () => {
    expect(CATEGORY_MEMBERS).toEqual(Object.keys(categoryShape));
    expect(OPTION_MEMBERS).toEqual(Object.keys(optionShape));
    expect(OPTION_VALUE_MEMBERS).toEqual(Object.keys(valueShape));
  });

  it('reads a well-formed page as zod does: declared members first, the others after', () => {
    expect(expectAgreement(page())).toBe(true);
    expect(
      expectAgreement(JSON.parse('{"page":1,"pagesize":1,"total_count":0,"more":false,"categories":[]}')),
    ).toBe(true);
    const proto = JSON.parse(
      '{"page":1,"pagesize":1,"total_count":1,"more":false,"categories":[{"__proto__":{"x":1},"uid":"u"}]}',
    ) as Record<string, unknown>;
    expect(expectAgreement(proto)).toBe(true);
  });

  it('agrees with zod on every member of a page dropped or replaced by a value of another type', () => {
    let accepted = 0;
    let total = 0;
    for (const path of paths(page())) {
      const variants: [boolean, unknown][] = [
        [true, undefined],
        ...REPLACEMENTS.map((r): [boolean, unknown] => [false, r]),
      ];
      for (const [drop, replacement] of variants) {
        total += 1;
        if (expectAgreement(mutated(path, replacement, drop))) accepted += 1;
      }
    }
    // Both sides are exercised: many variants are well-formed, many are not.
    expect(accepted).toBeGreaterThan(total / 10);
    expect(accepted).toBeLessThan(total);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonPieces, type JsonPiece } from '../../src/cli/json-pieces.js';

/** Freezes some objects and arrays (the shared ones get the text cache), leaving the rest as is. */
function freezeSome(value: unknown, pick: () => boolean): unknown {
  if (typeof value !== 'object' || value === null) return value;
  for (const child of Object.values(value)) freezeSome(child, pick);
  return pick() ? Object.freeze(value) : value;
}

function joined(pieces: Iterable<JsonPiece>): string {
  const bytes = [...pieces].map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece));
  return Buffer.concat(bytes).toString('utf8');
}

function expectSameText(value: unknown): void {
  expect(joined(jsonPieces(value))).toBe(JSON.stringify(value, null, 2) ?? 'undefined');
}

/** A toJSON that shows which key JSON.stringify called it with. */
const keyed = { toJSON: (key: string) => `key ${key}` };

const odd = fc.oneof(
  fc.constant(undefined),
  fc.constant(() => 1),
  fc.constant(Number.NaN),
  fc.constant(new Date(0)),
  fc.constant({ toJSON: () => undefined }),
  fc.constant(keyed),
  fc.constant(Object.freeze({ shared: [1, 2] })),
);
const anything = fc.anything({
  values: [fc.jsonValue(), odd],
  withNullPrototype: true,
  withSparseArray: true,
});

function freezing(value: unknown, flips: Iterable<boolean>): unknown {
  const iterator = flips[Symbol.iterator]();
  return freezeSome(value, () => iterator.next().value === true);
}

describe('jsonPieces', () => {
  it('joins to exactly JSON.stringify(value, null, 2) for any JSON-like value', () => {
    fc.assert(
      fc.property(anything, fc.infiniteStream(fc.boolean()), (value, flips) => {
        const frozen = freezing(value, flips);
        expect(joined(jsonPieces(frozen))).toBe(JSON.stringify(frozen, null, 2) ?? 'undefined');
      }),
      { numRuns: 500 },
    );
  });

  it('joins to exactly JSON.stringify for top-level arrays long enough to come in several batches', () => {
    const element = fc.oneof(
      { weight: 3, arbitrary: fc.record({ id: fc.string(), options: fc.array(anything, { maxLength: 3 }) }) },
      { weight: 1, arbitrary: anything },
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.array(element, { maxLength: 400 }), { maxKeys: 3 }),
        fc.infiniteStream(fc.boolean()),
        (value, flips) => expectSameText(freezing(value, flips)),
      ),
      { numRuns: 60 },
    );
  });

  it('writes empty arrays and objects, and a value whose every property JSON leaves out', () => {
    expectSameText({ categories: [], products: [] });
    expectSameText({ categories: [{}], products: [[], {}, Object.freeze([])] });
    expectSameText({ a: undefined, b: () => 1, c: Symbol('c'), d: { toJSON: () => undefined } });
    expectSameText({});
    expectSameText(Object.create(null) as object);
  });

  it('calls a toJSON with the key it has in the whole value, however the elements are batched', () => {
    const products = Array.from({ length: 3000 }, (_, i) => (i % 700 === 0 ? keyed : { id: i }));
    expectSameText({ top: keyed, products, nested: { inner: keyed } });
    expectSameText({ products: products.map((p) => ({ p, shared: Object.freeze([keyed]) })) });
  });

  it('writes non-plain values as JSON.stringify does', () => {
    const values = [
      new Date(0),
      new Map([[1, 2]]),
      Object(5) as object,
      Object('s') as object,
      Number.NaN,
      -0,
    ];
    expectSameText({ values, products: values, mixed: values.map((v) => ({ v, o: Object.freeze({ v }) })) });
    expectSameText({ products: [1, 'two', null, undefined, () => 3, Symbol('s'), Infinity, true] });
    // eslint-disable-next-line no-sparse-arrays
    expectSameText({ products: [1, , 3] });
  });

  it('writes a product with frozen parts at several depths, and one frozen part at two depths', () => {
    const value = Object.freeze({ ext_id: 'oat', price: 0.5, tags: Object.freeze(['a', 'b']) });
    const options = Object.freeze([Object.freeze({ ext_id: 'milk', values: Object.freeze([value]) })]);
    const products = Array.from({ length: 500 }, (_, i) => ({
      ext_id: `p${i}`,
      options,
      ...(i % 3 === 0 ? { extra: value, skipped: undefined, note: { nested: [value] } } : {}),
    }));
    expectSameText({ categories: [value], products, frozenProduct: [Object.freeze({ options })] });
  });

  it('gives a shared frozen array the same bytes at every place it appears', () => {
    const options = Object.freeze([Object.freeze({ ext_id: 'milk', values: Object.freeze([1, 2]) })]);
    const menu = { categories: [], products: [1, 2, 3].map((n) => ({ ext_id: `p${n}`, options })) };
    const pieces = [...jsonPieces(menu)];
    expect(joined(pieces)).toBe(JSON.stringify(menu, null, 2));
    const bytes = pieces.filter((piece) => typeof piece !== 'string');
    expect(bytes).toHaveLength(3);
    expect(new Set(bytes).size).toBe(1);
  });
});

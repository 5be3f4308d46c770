import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonPieces } from '../../src/cli/json-pieces.js';

/** Freezes some objects and arrays (the shared ones get the text cache), leaving the rest as is. */
function freezeSome(value: unknown, pick: () => boolean): unknown {
  if (typeof value !== 'object' || value === null) return value;
  for (const child of Object.values(value)) freezeSome(child, pick);
  return pick() ? Object.freeze(value) : value;
}

const odd = fc.oneof(
  fc.constant(undefined),
  fc.constant(() => 1),
  fc.constant(Number.NaN),
  fc.constant(new Date(0)),
  fc.constant({ toJSON: () => undefined }),
);

describe('jsonPieces', () => {
  it('joins to exactly JSON.stringify(value, null, 2) for any JSON-like value', () => {
    fc.assert(
      fc.property(
        fc.anything({ values: [fc.jsonValue(), odd], withNullPrototype: true, withSparseArray: true }),
        fc.infiniteStream(fc.boolean()),
        (value, flips) => {
          const expected = JSON.stringify(value, null, 2) ?? 'undefined';
          const iterator = flips[Symbol.iterator]();
          const frozen = freezeSome(value, () => iterator.next().value === true);
          expect([...jsonPieces(frozen)].join('')).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives a shared frozen array the same text at every place it appears, one piece per product', () => {
    const options = Object.freeze([Object.freeze({ ext_id: 'milk', values: Object.freeze([1, 2]) })]);
    const menu = { categories: [], products: [1, 2, 3].map((n) => ({ ext_id: `p${n}`, options })) };
    const pieces = [...jsonPieces(menu)];
    expect(pieces.join('')).toBe(JSON.stringify(menu, null, 2));
    expect(pieces.filter((piece) => piece.includes('"ext_id": "p'))).toHaveLength(3);
  });
});

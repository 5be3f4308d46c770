import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/plan/canonical-json.js';
import { canonicalMenuJson } from '../../src/state/snapshot.js';

describe('canonicalMenuJson (the snapshot menu bytes)', () => {
  it('gives the same bytes as the plan stage canonicalJson, so the hash stays hashMenu', () => {
    // __proto__ as an own key is left out: canonicalJson's copy cannot hold it as a plain member.
    const json = fc.jsonValue().filter((v) => !JSON.stringify(v).includes('"__proto__"'));
    fc.assert(
      fc.property(json, (value) => {
        expect(canonicalMenuJson(value)).toBe(canonicalJson(value));
      }),
      { numRuns: 500 },
    );
  });

  it('sorts keys at every level, array-index keys first in numeric order, and drops undefined members', () => {
    const value = { b: [{ z: 1, a: undefined, m: { b: 0, '10': 'x', '2': 'y', '01': 'z' } }], a: null };
    expect(canonicalMenuJson(value)).toBe('{"a":null,"b":[{"m":{"2":"y","10":"x","01":"z","b":0},"z":1}]}');
    expect(canonicalMenuJson(value)).toBe(canonicalJson(value));
    // The largest array index, and one past it (an ordinary string key).
    const edge = { '4294967295': 1, '4294967294': 2, '9': 3, a: 4 };
    expect(canonicalMenuJson(edge)).toBe(canonicalJson(edge));
  });
});

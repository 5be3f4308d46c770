import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyIndex } from '../../src/mapping/table/key-index.js';

describe('KeyIndex', () => {
  it('answers get and has as a Map does, through growth, for any strings', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 6 }), fc.constantFrom('', 'a', 'A')),
          {
            maxLength: 3000,
          },
        ),
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 50 }),
        (keys, probes) => {
          const index = new KeyIndex<number>();
          const map = new Map<string, number>();
          keys.forEach((key, i) => {
            expect(index.get(key)).toBe(map.get(key));
            if (!index.has(key)) {
              index.add(key, i);
              map.set(key, i);
            }
          });
          for (const key of [...keys, ...probes]) {
            expect(index.get(key)).toBe(map.get(key));
            expect(index.has(key)).toBe(map.has(key));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps 200k keys apart, each finding its own value', () => {
    const index = new KeyIndex<number>();
    for (let i = 0; i < 200_000; i++) index.add(`item-${i}`, i);
    for (let i = 0; i < 200_000; i += 997) expect(index.get(`item-${i}`)).toBe(i);
    expect(index.get('item-200000')).toBeUndefined();
    expect(index.get('item-')).toBeUndefined();
  });
});

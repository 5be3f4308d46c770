import { describe, expect, it } from 'vitest';
import { mappingOf, runOn } from './run-mapping.js';

// Issue 24 §1: `min`/`max`/`sum` compare amounts after the money transform, never texts.

const products = (price: Record<string, unknown>) =>
  mappingOf({
    products: {
      select: '$.items[*]',
      ext_id: '{id}',
      name: '{name}',
      price,
    },
  });

const doc = {
  items: [
    { id: 'a', name: 'Tea', sizes: [{ price: '10,50' }, { price: '4,50' }, { price: '9,90' }] },
    { id: 'b', name: 'Cake', sizes: [{ price: '3,20' }] },
  ],
};

describe('aggregates over decimal-comma prices', () => {
  it('takes the minimum of the parsed amounts (10,50 > 4,50 although "1" < "4")', () => {
    const result = runOn(products({ path: 'sizes[*].price', aggregate: 'min', transforms: ['money'] }), doc);
    expect(result.menu.products.map((p) => [p.ext_id, p.price])).toEqual([
      ['a', 4.5],
      ['b', 3.2],
    ]);
    expect(result.issues).toEqual([]);
  });

  it('takes max and sum of the parsed amounts', () => {
    const max = runOn(products({ path: 'sizes[*].price', aggregate: 'max', transforms: ['money'] }), doc);
    expect(max.menu.products.map((p) => p.price)).toEqual([10.5, 3.2]);
    const sum = runOn(products({ path: 'sizes[*].price', aggregate: 'sum', transforms: ['money'] }), doc);
    expect(sum.menu.products.map((p) => p.price)).toEqual([24.9, 3.2]);
  });

  it('reports a text that is no number without the money transform, instead of returning the first value', () => {
    const result = runOn(products({ path: 'sizes[*].price', aggregate: 'min' }), doc);
    expect(result.menu.products.map((p) => p.price)).toEqual([undefined, undefined]);
    const bad = result.issues.filter((i) => i.code === 'bad-number');
    expect(bad.map((i) => [i.severity, i.location.path])).toEqual([
      ['error', '$.items[0].sizes[0].price'],
      ['error', '$.items[0].sizes[1].price'],
      ['error', '$.items[0].sizes[2].price'],
      ['error', '$.items[1].sizes[0].price'],
    ]);
    expect(bad[0]?.message).toContain('add the money transform');
  });

  it('still reads plain numbers without a transform', () => {
    const plain = { items: [{ id: 'a', name: 'Tea', sizes: [{ price: 7 }, { price: 5 }] }] };
    const result = runOn(products({ path: 'sizes[*].price', aggregate: 'min' }), plain);
    expect(result.menu.products[0]?.price).toBe(5);
  });
});

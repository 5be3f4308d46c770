import { describe, expect, it } from 'vitest';
import { payloadBytes, splitPayload } from '../../src/apply/4-send/split-payload.js';
import { NOT_SHOWN_BY_THE_PLATFORM, verifyReadBack } from '../../src/apply/5-verify/verify.js';
import type { ImportPayload } from '../../src/model/import-payload.js';
import type { RemoteCategory } from '../../src/platform/types.js';
import { cafeMenu } from './menus.js';

const merge = (): ImportPayload => ({ pos_uid: 'default', update_mode: 'merge', ...cafeMenu(60) });

describe('splitPayload', () => {
  it('keeps a payload under the limit whole', () => {
    const payload = merge();
    expect(splitPayload(payload, payloadBytes(payload))).toEqual([payload]);
  });

  it('splits a merge into requests under the limit, each carrying the categories of its products', () => {
    const payload = merge();
    const chunks = splitPayload(payload, 3_000);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(payloadBytes(chunk)).toBeLessThanOrEqual(3_000);
      const ids = new Set(chunk.categories?.map((c) => c.ext_id));
      for (const product of chunk.products ?? [])
        expect(ids.has(product.category_ext_id as string)).toBe(true);
    }
    expect(chunks.flatMap((c) => c.products)).toEqual(payload.products);
    const categories = new Set(chunks.flatMap((c) => c.categories ?? []).map((c) => c.ext_id));
    expect([...categories].sort()).toEqual(payload.categories?.map((c) => c.ext_id).sort());
  });

  it('never splits a replace, whatever its size', () => {
    const payload: ImportPayload = { ...merge(), update_mode: 'replace' };
    expect(splitPayload(payload, 3_000)).toEqual([payload]);
  });

  it('refuses a single product bigger than the limit', () => {
    expect(() => splitPayload(merge(), 300)).toThrow(/alone .* over the limit/);
  });
});

describe('verifyReadBack', () => {
  const menu = cafeMenu(6);
  const faithful = (): RemoteCategory[] =>
    menu.categories.map((c, i) => ({
      ...c,
      uid: `u${i}`,
      products_count: menu.products.filter((p) => p.category_ext_id === c.ext_id).length,
      options: c.options?.map((o, j) => ({
        ...o,
        uid: `o${j}`,
        option_values: o.option_values?.map((v, k) => ({ ...v, uid: `v${k}` })),
      })),
    }));

  it('verifies a faithful read-back, saying what it compared and what the platform cannot show', () => {
    const options = menu.categories.flatMap((c) => c.options ?? []);
    expect(verifyReadBack(menu, faithful())).toEqual({
      status: 'verified',
      details: [],
      compared: {
        categories: menu.categories.length,
        options: options.length,
        optionValues: options.flatMap((o) => o.option_values ?? []).length,
        productCounts: menu.categories.length,
      },
      notShown: NOT_SHOWN_BY_THE_PLATFORM,
    });
    expect(NOT_SHOWN_BY_THE_PLATFORM.join('; ')).toContain("products' names, prices");
  });

  it('counts as compared only what the platform returned', () => {
    const remote = faithful().map(({ products_count: _count, ...c }) => c);
    remote.pop();
    const result = verifyReadBack(menu, remote);
    expect(result.compared).toMatchObject({ categories: menu.categories.length - 1, productCounts: 0 });
  });

  it('reports each difference: field, products_count, missing and extra entities', () => {
    const remote = faithful();
    remote[0] = { ...remote[0]!, name: 'Other', products_count: 99 };
    remote[0].options![0]!.option_values!.pop();
    remote.pop();
    remote.push({ uid: 'x', ext_id: 'cat-extra', name: 'Extra' });
    const result = verifyReadBack(menu, remote);
    expect(result.status).toBe('drift');
    expect(result.details).toEqual([
      'category cat-coffee: name is "Other", expected "Coffee"',
      'category cat-coffee: products_count is 99, expected 2',
      'category cat-coffee option milk value milk-soy is missing on the platform',
      'category cat-bakery is missing on the platform',
      'category cat-extra is on the platform but not in the menu',
    ]);
  });
});

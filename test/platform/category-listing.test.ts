import { describe, expect, it } from 'vitest';
import type { ImportPayload } from '../../src/model/import-payload.js';
import { FatalPlatformError } from '../../src/platform/errors.js';
import type { BrokenPage } from '../../src/sandbox/listing-faults.js';
import { harness } from './fixture.js';

function categories(count: number): ImportPayload {
  return {
    pos_uid: 'pos-1',
    update_mode: 'replace',
    categories: Array.from({ length: count }, (_, i) => ({ ext_id: `C${i}`, name: `Category ${i}` })),
    products: [{ ext_id: 'P1', category_ext_id: 'C0', name: 'Tea' }],
  };
}

const BROKEN: [BrokenPage, number | undefined, RegExp][] = [
  ['no-categories', undefined, /page 1 has no "categories" member/],
  ['categories-not-array', undefined, /page 1 has a malformed "categories" \(\{"0":.*expected array/],
  ['empty-page', undefined, /page 1 holds 0 of 100 categories but says more pages follow/],
  ['empty-page', 2, /page 2 holds 0 of 100 categories|100 categories listed while total_count says 150/],
  ['repeat-page', 2, /page 2 repeats category uid \w+, already listed on page 1/],
  ['repeat-page', 1, /page 1 holds 200 categories, more than its pagesize 100/],
  ['endless', 2, /page 2 holds 50 of 100 categories but says more pages follow/],
  ['total-count-string', 1, /page 1 has a malformed "total_count" \("150"/],
  ['total-count-string', 2, /page 2 has a malformed "total_count"/],
  ['bad-category', 2, /page 2 has a malformed "categories\.0\.products_count" \("3"/],
];

describe('reading the live menu checks every page against the interface', () => {
  it.each(BROKEN)('%s on page %s is an error naming what is wrong', async (answer, page, why) => {
    const h = await harness();
    await h.client.importMenu(categories(150));
    h.sandbox.injectFaults([{ kind: 'categories-page', answer, ...(page ? { page } : {}) }]);
    const error = await h.client.listCategories({ visible: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FatalPlatformError);
    expect((error as FatalPlatformError).code).toBe('INCONSISTENT_LISTING');
    expect((error as Error).message).toMatch(why);
    expect((error as Error).message).toMatch(/the live menu was not read completely$/);
  });

  it('takes a consistent empty listing as an empty menu, and reads 150 categories in 2 pages', async () => {
    const h = await harness();
    expect(await h.client.listCategories({ visible: 0 })).toEqual([]);
    await h.client.importMenu(categories(150));
    expect(await h.client.listCategories({ visible: 0 })).toHaveLength(150);
    h.sandbox.injectFaults([{ kind: 'categories-page', answer: 'empty-menu' }]);
    expect(await h.client.listCategories({ visible: 0 })).toEqual([]);
  });

  it('stops a listing whose total_count changes between pages', async () => {
    const h = await harness();
    await h.client.importMenu(categories(150));
    h.sandbox.injectFaults([{ kind: 'categories-page', answer: 'empty-menu', page: 2 }]);
    await expect(h.client.listCategories({ visible: 0 })).rejects.toThrow(
      /total_count changed from 150 to 0 on page 2/,
    );
  });
});

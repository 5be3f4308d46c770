import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../src/platform/client.js';
import type { ImportPayload } from '../../src/model/import-payload.js';
import { harness, smallMenu } from './fixture.js';

function manyCategories(count: number): ImportPayload {
  return {
    pos_uid: 'pos-1',
    update_mode: 'replace',
    categories: Array.from({ length: count }, (_, i) => ({
      ext_id: `C${i}`,
      name: i % 2 === 0 ? `Even ${i}` : `Odd ${i}`,
      hidden: i % 10 === 9,
    })),
    products: [{ ext_id: 'P1', category_ext_id: 'C0', name: 'Tea' }],
  };
}

describe('platform client category reads', () => {
  it('reads every page of 250 categories in order', async () => {
    const h = await harness();
    await h.client.importMenu(manyCategories(250));
    const categories = await h.client.listCategories({ visible: 0 });
    expect(categories.map((c) => c.ext_id)).toEqual(Array.from({ length: 250 }, (_, i) => `C${i}`));
    expect(h.hits('/menu/categories')).toHaveLength(3);
    expect(categories[0]).toMatchObject({ products_count: 1, uid: expect.any(String) });
    expect(categories[0]).not.toHaveProperty('products');
  });

  it('passes visible and q through to the platform', async () => {
    const h = await harness();
    await h.client.importMenu(manyCategories(30));
    expect(await h.client.listCategories()).toHaveLength(27);
    const odd = await h.client.listCategories({ visible: 0, q: 'odd' });
    expect(odd).toHaveLength(15);
    expect(odd.every((c) => c.name?.startsWith('Odd'))).toBe(true);
  });

  it('returns options with their uids', async () => {
    const h = await harness();
    await h.client.importMenu(smallMenu());
    const [category] = await h.client.listCategories();
    expect(category?.options?.[0]).toMatchObject({ ext_id: 'SIZE', uid: expect.any(String) });
    expect(category?.options?.[0]?.option_values?.[0]).toMatchObject({
      ext_id: 'L',
      uid: expect.any(String),
    });
  });

  it.each(['', '/'])('keeps the base path prefix of the base URL (trailing "%s")', async (suffix) => {
    const h = await harness({}, { basePath: '/api' });
    expect(h.sandbox.url).toMatch(/\/api$/);
    const client = createPlatformClient({
      baseUrl: `${h.sandbox.url}${suffix}`,
      auth: 'oauth',
      credentials: h.credentials,
    });
    await client.importMenu(smallMenu());
    expect(await client.listCategories()).toHaveLength(1);
    expect(h.sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /api/oauth/token 200',
      'POST /api/menu/import 200',
      'GET /api/menu/categories 200',
    ]);
  });
});

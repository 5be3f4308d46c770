import { describe, expect, it } from 'vitest';
import { call, sandboxWith } from './fixture.js';

const menu = {
  pos_uid: 'main',
  update_mode: 'replace',
  categories: [
    { ext_id: 'C1', name: 'Coffee' },
    { ext_id: 'C2', name: 'Cakes' },
  ],
  products: [
    { ext_id: 'P1', category_ext_id: 'C1', name: 'Latte', price: 4.5 },
    { ext_id: 'P2', category_ext_id: 'C1', name: 'Mocha', price: 4.8 },
    { ext_id: 'P3', category_ext_id: 'C2', name: 'Brownie', price: 3 },
  ],
};

type Listed = { ext_id?: string; name?: string; hidden?: boolean; products_count: number };

describe("POST /_sandbox/tamper: the menu changed behind the importer's back", () => {
  it('removes products, hides categories and adds a category with no ext_id, outside the import count', async () => {
    const { sandbox, clients } = await sandboxWith(2);
    await call(sandbox, clients[0], 'POST', '/menu/import', menu);
    await call(sandbox, clients[1], 'POST', '/menu/import', menu);
    const answer = await call(sandbox, clients[0], 'POST', '/_sandbox/tamper', {
      removeProducts: 2,
      addHandmadeCategory: 'Specials',
      hideCategories: ['C1'],
    });
    expect(answer.json).toEqual({
      success: true,
      removedProducts: 2,
      addedCategories: 1,
      hiddenCategories: 1,
    });
    const listed = await call(sandbox, clients[0], 'GET', '/menu/categories?page=1&visible=0');
    const categories = listed.json?.categories as Listed[];
    expect(categories.map((c) => [c.ext_id, c.name, c.hidden, c.products_count])).toEqual([
      ['C1', 'Coffee', true, 1],
      ['C2', 'Cakes', undefined, 0],
      [undefined, 'Specials', false, 0],
    ]);
    expect(sandbox.importCount(clients[0]!.clientId)).toBe(1);
    // Another client's menu is its own.
    expect(sandbox.storedMenu(clients[1]!.clientId).products).toHaveLength(3);
    // A replace removes what was made by hand, as the platform's does.
    await call(sandbox, clients[0], 'POST', '/menu/import', menu);
    expect(sandbox.storedMenu(clients[0]!.clientId).categories.map((c) => c.ext_id)).toEqual(['C1', 'C2']);
  });

  it('needs the client login and a known change', async () => {
    const { sandbox, clients } = await sandboxWith();
    expect((await call(sandbox, undefined, 'POST', '/_sandbox/tamper', { removeProducts: 1 })).status).toBe(
      401,
    );
    const bad = await call(sandbox, clients[0], 'POST', '/_sandbox/tamper', { dropEverything: true });
    expect(bad.json).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
  });
});

import { describe, expect, it } from 'vitest';
import type { ImportPayload } from '../../src/model/import-payload.js';
import { call, sandboxWith } from './fixture.js';

const base: ImportPayload = {
  pos_uid: 'pos-1',
  update_mode: 'replace',
  categories: [
    { ext_id: 'C1', name: 'Pizza', position: 1 },
    { ext_id: 'C2', name: 'Drinks', position: 2 },
  ],
  products: [
    {
      ext_id: 'P1',
      category_ext_id: 'C1',
      name: 'Margherita',
      price: 8,
      options: [
        {
          ext_id: 'SIZE',
          name: 'Size',
          option_values: [
            { ext_id: 'S', name: 'Small', price_operator: '+', price_operand: 0 },
            { ext_id: 'L', name: 'Large', price_operator: '+', price_operand: 2 },
          ],
        },
      ],
    },
    {
      ext_id: 'P2',
      category_ext_id: 'C1',
      name: 'Marinara',
      price: 7,
      options: [{ ext_id: 'SIZE', name: 'Size', option_values: [{ ext_id: 'S', name: 'Small' }] }],
    },
    { ext_id: 'P3', category_ext_id: 'C2', name: 'Water', price: 1.5 },
  ],
};

describe('sandbox import semantics', () => {
  it('stores a replace exactly as sent, in payload order', async () => {
    const { sandbox, clients } = await sandboxWith();
    const reordered = { ...base, products: [...base.products!].reverse() };
    expect((await call(sandbox, clients[0], 'POST', '/menu/import', reordered)).json).toEqual({
      success: true,
    });
    expect(sandbox.exportMenu(clients[0]!.clientId)).toEqual({
      categories: reordered.categories,
      products: reordered.products,
    });
    expect(sandbox.storedMenu(clients[0]!.clientId).categories.map((c) => c.products_count)).toEqual([2, 1]);
  });

  it('removes what a replace leaves out, and a merge keeps it', async () => {
    const { sandbox, clients } = await sandboxWith();
    const id = clients[0]!.clientId;
    await call(sandbox, clients[0], 'POST', '/menu/import', base);
    await call(sandbox, clients[0], 'POST', '/menu/import', {
      pos_uid: 'pos-1',
      update_mode: 'merge',
      products: [{ ext_id: 'P4', category_ext_id: 'C2', name: 'Cola', price: 2 }],
    });
    expect(sandbox.exportMenu(id).products.map((p) => p.ext_id)).toEqual(['P1', 'P2', 'P3', 'P4']);
    await call(sandbox, clients[0], 'POST', '/menu/import', {
      ...base,
      categories: [base.categories![0]],
      products: [base.products![0]],
    });
    expect(sandbox.exportMenu(id).products.map((p) => p.ext_id)).toEqual(['P1']);
    expect(sandbox.exportMenu(id).categories.map((c) => c.ext_id)).toEqual(['C1']);
  });

  it('merges nested options and values by ext_id without removing any', async () => {
    const { sandbox, clients } = await sandboxWith();
    const id = clients[0]!.clientId;
    await call(sandbox, clients[0], 'POST', '/menu/import', base);
    await call(sandbox, clients[0], 'POST', '/menu/import', {
      pos_uid: 'pos-1',
      update_mode: 'merge',
      products: [
        {
          ext_id: 'P1',
          category_ext_id: 'C1',
          price: 9,
          options: [{ ext_id: 'SIZE', option_values: [{ ext_id: 'L', price_operand: 3 }, { ext_id: 'XL' }] }],
        },
      ],
    });
    const p1 = sandbox.exportMenu(id).products[0]!;
    expect(p1).toMatchObject({ name: 'Margherita', price: 9 });
    expect(p1.options?.[0]?.name).toBe('Size');
    expect(p1.options?.[0]?.option_values).toEqual([
      { ext_id: 'S', name: 'Small', price_operator: '+', price_operand: 0 },
      { ext_id: 'L', name: 'Large', price_operator: '+', price_operand: 3 },
      { ext_id: 'XL' },
    ]);
  });

  it('keeps uids stable for the same ext_id across imports of both modes', async () => {
    const { sandbox, clients } = await sandboxWith();
    const id = clients[0]!.clientId;
    await call(sandbox, clients[0], 'POST', '/menu/import', base);
    const before = sandbox.storedMenu(id);
    await call(sandbox, clients[0], 'POST', '/menu/import', {
      ...base,
      products: [...base.products!].reverse(),
    });
    await call(sandbox, clients[0], 'POST', '/menu/import', { ...base, update_mode: 'merge' });
    const after = sandbox.storedMenu(id);
    const uids = (menu: typeof before) =>
      Object.fromEntries(
        menu.products.flatMap((p) => [
          [p.ext_id, p.uid],
          ...(p.options ?? []).flatMap((o) => [
            [`${p.ext_id}/${o.ext_id}`, o.uid],
            ...(o.option_values ?? []).map((v) => [`${p.ext_id}/${o.ext_id}/${v.ext_id}`, v.uid]),
          ]),
        ]),
      );
    expect(uids(after)).toEqual(uids(before));
    expect(after.categories.map((c) => c.uid)).toEqual(before.categories.map((c) => c.uid));
  });

  it('keeps an option ext_id reused under two products as two distinct options', async () => {
    const { sandbox, clients } = await sandboxWith();
    const id = clients[0]!.clientId;
    await call(sandbox, clients[0], 'POST', '/menu/import', base);
    const [p1, p2] = sandbox.storedMenu(id).products;
    expect(p1!.options![0]!.uid).not.toBe(p2!.options![0]!.uid);
    expect(p1!.options![0]!.option_values![0]!.uid).not.toBe(p2!.options![0]!.option_values![0]!.uid);
    expect(sandbox.exportMenu(id).products[1]!.options![0]!.option_values).toEqual([
      { ext_id: 'S', name: 'Small' },
    ]);
  });

  it('keeps the same ext_id under two clients as two separate entities', async () => {
    const { sandbox, clients } = await sandboxWith(2);
    await call(sandbox, clients[0], 'POST', '/menu/import', base);
    await call(sandbox, clients[1], 'POST', '/menu/import', {
      ...base,
      categories: [{ ext_id: 'C1', name: 'Other' }],
      products: [],
    });
    const first = sandbox.storedMenu(clients[0]!.clientId);
    const second = sandbox.storedMenu(clients[1]!.clientId);
    expect(first.categories[0]!.name).toBe('Pizza');
    expect(second.categories[0]!.name).toBe('Other');
    expect(first.categories[0]!.uid).not.toBe(second.categories[0]!.uid);
    expect(first.products).toHaveLength(3);
  });

  it('accepts a merge whose products name categories imported earlier', async () => {
    const { sandbox, clients } = await sandboxWith();
    await call(sandbox, clients[0], 'POST', '/menu/import', base);
    const answer = await call(sandbox, clients[0], 'POST', '/menu/import', {
      pos_uid: 'pos-1',
      update_mode: 'merge',
      products: [{ ext_id: 'P9', category_ext_id: 'C2' }],
    });
    expect(answer.json).toEqual({ success: true });
  });

  it.each<[string, unknown]>([
    ['an unknown category', { ...base, products: [{ ext_id: 'PX', category_ext_id: 'NOPE' }] }],
    // platform-interface.md: category_ext_id is "ext_id of the owning category"; none, no customer reaches it.
    ['a product without category_ext_id', { ...base, products: [{ ext_id: 'PX', name: 'Lost', price: 1 }] }],
    ['a duplicate ext_id', { ...base, categories: [...base.categories!, { ext_id: 'C1' }] }],
    ['a negative price', { ...base, products: [{ ext_id: 'P1', category_ext_id: 'C1', price: -1 }] }],
    ['a wrong field type', { ...base, categories: [{ ext_id: 'C1', hidden: 'yes' }], products: [] }],
  ])('rejects %s with IMPORT_ERROR and leaves the menu untouched', async (_name, payload) => {
    const { sandbox, clients } = await sandboxWith();
    const id = clients[0]!.clientId;
    await call(sandbox, clients[0], 'POST', '/menu/import', base);
    const before = sandbox.storedMenu(id);
    const answer = await call(sandbox, clients[0], 'POST', '/menu/import', payload);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ success: false, error: 'IMPORT_ERROR' });
    expect(String(answer.json?.message)).toMatch(/(categories|products)\[/);
    expect(sandbox.storedMenu(id)).toEqual(before);
    expect(sandbox.importCount(id)).toBe(1);
  });
});

describe('a product without its owning category', () => {
  it('is refused with IMPORT_ERROR naming the product and the field, in merge mode too', async () => {
    const { sandbox, clients } = await sandboxWith();
    await call(sandbox, clients[0], 'POST', '/menu/import', base);
    const answer = await call(sandbox, clients[0], 'POST', '/menu/import', {
      pos_uid: 'pos-1',
      update_mode: 'merge',
      products: [{ ext_id: 'PX', name: 'Lost', price: 1 }],
    });
    expect(answer.json).toEqual({
      success: false,
      error: 'IMPORT_ERROR',
      message:
        'import rejected: products[ext_id=PX].category_ext_id: product has no category_ext_id (the ext_id of its owning category): no customer could reach it',
    });
  });
});

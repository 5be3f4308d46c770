import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { sampleFile } from '../mappings/helpers.js';

// schema.org types as sites and platforms write them (issue 29 §1), through the built CLI: a short
// name, an http:// or https:// IRI, a `schema:` prefix or a list all mean the same type, and a node
// holding hasMenuItem is a section whatever its @type says.

interface Menu {
  categories: { ext_id: string; name: string }[];
  products: { ext_id: string; category_ext_id: string; name: string; price?: number; hidden?: boolean }[];
}

async function extract(document: unknown): Promise<{ code: number | null; menu: Menu; stderr: string }> {
  const file = path.join(testTempDir('schemaorg-types'), 'menu.json');
  writeFileSync(file, JSON.stringify(document));
  const r = await runCli(['extract', '--mapping', 'schemaorg-menu', '--input', file]);
  return { code: r.code, menu: (r.code === 0 ? JSON.parse(r.stdout) : {}) as Menu, stderr: r.stderr };
}

const menuOf = (menuType: unknown, sectionType: unknown) => ({
  '@context': 'https://schema.org',
  ...(menuType === undefined ? {} : { '@type': menuType }),
  name: 'Dinner',
  hasMenuSection: [
    {
      ...(sectionType === undefined ? {} : { '@type': sectionType }),
      name: 'Pizzas',
      hasMenuItem: [{ '@type': 'MenuItem', name: 'Margherita', offers: { '@type': 'Offer', price: '9.00' } }],
    },
  ],
});

const SPELLINGS: [string, unknown, unknown][] = [
  ['short names', 'Menu', 'MenuSection'],
  ['http:// IRIs', 'http://schema.org/Menu', 'http://schema.org/MenuSection'],
  ['https:// IRIs', 'https://schema.org/Menu', 'https://schema.org/MenuSection'],
  ['schema: prefixes', 'schema:Menu', 'schema:MenuSection'],
  ['lists', ['schema:Menu', 'Thing'], ['https://schema.org/MenuSection']],
  ['an untyped section', 'http://schema.org/Menu', undefined],
  ['a section typed as something else', 'Menu', 'ItemList'],
];

describe('schema.org types written every way', () => {
  it.each(SPELLINGS)(
    'with %s, the item goes live in its own section',
    async (_what, menuType, sectionType) => {
      const { code, menu, stderr } = await extract(menuOf(menuType, sectionType));
      expect(code, stderr).toBe(0);
      expect(menu.categories.map((c) => [c.ext_id, c.name])).toEqual([['dinner/pizzas', 'Pizzas']]);
      expect(menu.products.map((p) => [p.ext_id, p.category_ext_id, p.price])).toEqual([
        ['dinner/pizzas/margherita', 'dinner/pizzas', 9],
      ]);
      expect(stderr).not.toContain('fallback');
    },
  );

  it('keeps the fallback for an item placed on an IRI-typed Menu itself, and only for it', async () => {
    const document = {
      ...menuOf('http://schema.org/Menu', undefined),
      hasMenuItem: {
        '@type': 'https://schema.org/MenuItem',
        name: 'Bread basket',
        offers: { price: '2.50' },
      },
    };
    const { code, menu, stderr } = await extract(document);
    expect(code, stderr).toBe(0);
    expect(menu.products.map((p) => [p.name, p.category_ext_id])).toEqual([
      ['Margherita', 'dinner/pizzas'],
      ['Bread basket', 'menu'],
    ]);
    expect(stderr).toContain('1 product without a category is in the fallback category "Menu" (menu)');
  });

  it('reads add-ons that hold items as option sections, whatever their @type', async () => {
    const document = menuOf('Menu', 'MenuSection');
    const item = document.hasMenuSection[0]?.hasMenuItem[0] as Record<string, unknown>;
    item.menuAddOn = [
      { name: 'Toppings', hasMenuItem: [{ name: 'Olives', offers: { price: '1.00' } }] },
      { '@type': 'schema:MenuItem', name: 'Chili oil', offers: { price: '0.50' } },
    ];
    const r = await extract(document);
    expect(r.code, r.stderr).toBe(0);
    const options = (
      r.menu.products[0] as { options?: { name: string; option_values: { name: string }[] }[] }
    ).options;
    expect(options?.map((o) => [o.name, o.option_values.map((v) => v.name)])).toEqual([
      ['Toppings', ['Olives']],
      ['Add-ons', ['Chili oil']],
    ]);
  });

  it('hides an item whose every offer is sold out, written with the schema: prefix', async () => {
    const document = menuOf('Menu', 'MenuSection');
    const item = document.hasMenuSection[0]?.hasMenuItem[0] as Record<string, unknown>;
    item.offers = [{ price: '9.00', availability: 'schema:SoldOut' }];
    const { code, menu } = await extract(document);
    expect(code).toBe(0);
    expect(menu.products[0]?.hidden).toBe(true);
  });

  it('hides an item its platform marks as not on sale (enabled: false)', async () => {
    const document = menuOf('Menu', 'MenuSection');
    (document.hasMenuSection[0]?.hasMenuItem[0] as Record<string, unknown>).enabled = false;
    const { code, menu } = await extract(document);
    expect(code).toBe(0);
    expect(menu.products[0]?.hidden).toBe(true);
  });
});

const COOPCYCLE = ['5614bb3e', '03a4df73'].map((commit) =>
  sampleFile(`schemaorg/coopcycle/menu-api-response@${commit}.filled.json`),
);

describe.each(COOPCYCLE)('CoopCycle menu response $file', ({ file, present }) => {
  it.skipIf(!present)('is read (top @type http://schema.org/Menu), its items in their sections', async () => {
    const r = await runCli(['extract', '--mapping', 'schemaorg-menu', '--input', file]);
    expect(r.code, r.stderr).toBe(0);
    const menu = JSON.parse(r.stdout) as Menu;
    expect(menu.categories.map((c) => c.name)).toEqual(['Pizzas', 'Burgers']);
    const sectionOf = new Map(menu.categories.map((c) => [c.ext_id, c.name]));
    expect(menu.products.map((p) => [p.name, sectionOf.get(p.category_ext_id)])).toEqual([
      ['Pizza', 'Pizzas'],
      ['Hamburger', 'Burgers'],
    ]);
    expect(r.stderr).not.toContain('fallback');
  });
});

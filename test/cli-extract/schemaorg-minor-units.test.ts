import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { sampleFile } from '../mappings/helpers.js';

// Prices written as whole numbers of cents (CoopCycle's API: 900 is 9.00) are declared so with
// `--param prices=minor-units` instead of going live 100 times too high (issue 29 §1).

interface Value {
  name: string;
  price_operand?: number;
}
interface Menu {
  products: { name: string; price?: number; options?: { name: string; option_values: Value[] }[] }[];
}

const extract = async (file: string, ...args: string[]) => {
  const r = await runCli(['extract', '--mapping', 'schemaorg-menu', '--input', file, ...args]);
  return { ...r, menu: (r.code === 0 ? JSON.parse(r.stdout) : {}) as Menu };
};

describe('--param prices=minor-units on our own menu', () => {
  const menu = {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name: 'Dinner',
    hasMenuSection: {
      '@type': 'MenuSection',
      name: 'Pizzas',
      hasMenuItem: {
        '@type': 'MenuItem',
        name: 'Margherita',
        offers: [
          { '@type': 'Offer', name: 'Regular', price: 900 },
          { '@type': 'Offer', name: 'Large', price: 1250 },
        ],
        menuAddOn: {
          '@type': 'MenuSection',
          name: 'Toppings',
          hasMenuItem: { '@type': 'MenuItem', name: 'Olives', offers: { price: 150 } },
        },
      },
    },
  };

  it('reads every price in cents: the item, its sizes and its add-ons', async () => {
    const file = path.join(testTempDir('minor-units'), 'menu.json');
    writeFileSync(file, JSON.stringify(menu));
    const r = await extract(file, '--param', 'prices=minor-units');
    expect(r.code, r.stderr).toBe(0);
    const [pizza] = r.menu.products;
    expect(pizza?.price).toBe(9);
    expect(
      pizza?.options?.map((o) => [o.name, o.option_values.map((v) => [v.name, v.price_operand])]),
    ).toEqual([
      [
        'Size',
        [
          ['Regular', 0],
          ['Large', 3.5],
        ],
      ],
      ['Toppings', [['Olives', 1.5]]],
    ]);
  });

  it('reads them as written by default (schema.org writes decimals)', async () => {
    const file = path.join(testTempDir('minor-units'), 'menu.json');
    writeFileSync(file, JSON.stringify(menu));
    const r = await extract(file);
    expect(r.code, r.stderr).toBe(0);
    expect(r.menu.products[0]?.price).toBe(900);
  });

  it('refuses another value in one line naming the two there are, exit 2', async () => {
    const file = path.join(testTempDir('minor-units'), 'menu.json');
    writeFileSync(file, JSON.stringify(menu));
    const r = await extract(file, '--param', 'prices=cents');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: mapping "schemaorg-menu": --param prices=cents is not one of decimal, minor-units\nhint: use one of: decimal, minor-units\n',
    );
  });
});

const { file: coopcycle, present } = sampleFile('schemaorg/coopcycle/menu-api-response@5614bb3e.filled.json');

describe.skipIf(!present)('CoopCycle (sample 19) in minor units', () => {
  it('puts the pizza live at 9.00, not 900, its toppings free', async () => {
    const r = await extract(coopcycle, '--param', 'prices=minor-units');
    expect(r.code, r.stderr).toBe(0);
    expect(r.menu.products.map((p) => [p.name, p.price])).toEqual([
      ['Pizza', 9],
      ['Hamburger', 9],
    ]);
    const toppings = r.menu.products[0]?.options?.[0];
    expect(toppings?.option_values.map((v) => [v.name, v.price_operand])).toEqual([
      ['Extra cheese', 0],
      ['Pepperoni', 0],
    ]);
  });
});

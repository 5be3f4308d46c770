import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { errorsOf, formatFixture, product, REPO_ROOT as ROOT } from './helpers.js';

// The shipped loyverse-items mapping on our own fixtures (exact counts and entities). The real
// exports are covered in loyverse-samples.test.ts.

const EN = formatFixture('loyverse-items/cafe-items-en.csv');
const ES = formatFixture('loyverse-items/pizzeria-items-es.csv');

describe('loyverse-items on the English two-store fixture', () => {
  let harbour: ExtractResult;
  let airport: ExtractResult;
  beforeAll(async () => {
    harbour = await extractMenu({ mapping: 'loyverse-items', inputs: [EN] });
    airport = await extractMenu({ mapping: 'loyverse-items', inputs: [EN], params: { store: 'Airport' } });
  });

  it('maps every handle to one product, with no errors', () => {
    expect(errorsOf(harbour)).toEqual([]);
    expect(harbour.stats).toMatchObject({
      rows: 13,
      categories: 5,
      products: 9,
      options: 2,
      option_values: 6,
    });
    expect(harbour.menu.categories.map((c) => [c.ext_id, c.name, c.position])).toEqual([
      ['cat-coffee', 'Coffee', 1],
      ['cat-cold-drinks', 'Cold Drinks', 2],
      ['cat-bakery', 'Bakery', 3],
      ['cat-retail', 'Retail', 4],
      ['cat-no-category', 'No category', 5],
    ]);
  });

  it('turns continuation rows into one required option priced from the cheapest variant', () => {
    const flatWhite = product(harbour, 'flat-white');
    expect(flatWhite).toMatchObject({
      name: 'Flat White',
      category_ext_id: 'cat-coffee',
      description: 'Double ristretto & steamed milk',
      price: 3.5,
      position: 1,
    });
    expect(flatWhite.options).toHaveLength(1);
    expect(flatWhite.options?.[0]).toMatchObject({
      name: 'Size',
      type: 'single',
      min_selectable: 1,
      max_selectable: 1,
    });
    expect(flatWhite.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['20001', 'Small', 0],
      ['20002', 'Large', 0.7],
    ]);
  });

  it('combines two option axes into one option named after both', () => {
    const icedLatte = product(harbour, 'iced-latte');
    expect(icedLatte.price).toBe(4);
    expect(icedLatte.description).toBe('Over ice.\nAsk for less ice.');
    expect(icedLatte.options?.[0]?.name).toBe('Size / Milk');
    expect(icedLatte.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Regular / Whole', 0],
      ['Regular / Oat', 0.5],
      ['Large / Whole', 0.8],
      ['Large / Oat', 1.3],
    ]);
  });

  it('uses the first store by default and the store parameter when given', () => {
    expect(product(airport, 'flat-white').price).toBe(4);
    expect(product(airport, 'flat-white').options?.[0]?.option_values?.[1]?.price_operand).toBe(0.8);
    expect(product(harbour, 'banana-bread')).toMatchObject({
      price: 3,
      name: 'Banana Bread 🍌',
    });
    expect(product(airport, 'banana-bread')).toMatchObject({ price: 3.5, hidden: true });
    expect(product(harbour, 'chai-latte').hidden).toBe(true);
    expect(product(airport, 'chai-latte').hidden).toBeUndefined();
  });

  it('leaves a variable price out with a warning and files items without category under "No category"', () => {
    const cake = product(harbour, 'custom-cake');
    expect(cake.price).toBeUndefined();
    expect(cake.hidden).toBe(true);
    expect(cake.category_ext_id).toBe('cat-no-category');
    // The fourth warning: House Blend Beans is sold by weight (per-unit-price).
    expect(harbour.stats).toMatchObject({ warnings: 4, errors: 0 });
    expect(harbour.issues.filter((i) => i.code === 'bad-price')).toHaveLength(1);
    expect(harbour.issues).toContainEqual(
      expect.objectContaining({
        code: 'bad-price',
        severity: 'warning',
        message: expect.stringMatching(/variable/i),
        // Physical line 12: the iced latte's description above spans two lines.
        location: expect.objectContaining({ row: 12, column: 'Price [Harbour]' }),
      }),
    );
  });

  it('keeps quotes, commas and composite items as ordinary products', () => {
    expect(product(harbour, 'travel-mug-12oz').name).toBe('Travel Mug 12"');
    expect(product(harbour, 'house-blend-250g')).toMatchObject({
      name: 'House Blend Beans, 250g',
      price: 12,
    });
    expect(product(harbour, 'breakfast-combo')).toMatchObject({ price: 5, category_ext_id: 'cat-bakery' });
  });

  it('reports each undeclared modifier set once and attaches nothing', () => {
    const unknown = harbour.issues.filter((i) => i.code === 'unknown-reference');
    expect(unknown).toHaveLength(2);
    expect(unknown.map((i) => i.message).join('\n')).toMatch(/Milk/);
    expect(unknown.map((i) => i.message).join('\n')).toMatch(/Syrup/);
    expect(product(harbour, 'espresso').options).toBeUndefined();
  });
});

describe('loyverse-items with modifier sets declared in a copy of the mapping', () => {
  let dir: string;
  let result: ExtractResult;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'menusync-loyverse-'));
    const shipped = parse(
      await readFile(path.join(ROOT, 'mappings/loyverse-items/mapping.yaml'), 'utf8'),
    ) as {
      name: string;
      table: { modifier_sets: Record<string, unknown> };
    };
    shipped.name = 'loyverse-items-cafe';
    shipped.table.modifier_sets.sets = {
      Milk: {
        max: 1,
        values: [
          { name: 'Oat', price: 0.4 },
          { name: 'Soy', price: 0.3 },
        ],
      },
      Syrup: { values: [{ name: 'Vanilla', price: 0.5 }] },
    };
    const file = path.join(dir, 'loyverse-items-cafe.yaml');
    await writeFile(file, stringify(shipped));
    result = await extractMenu({ mapping: file, inputs: [EN] });
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('attaches a declared set to every item whose head row says Y', () => {
    expect(errorsOf(result)).toEqual([]);
    const flatWhite = product(result, 'flat-white');
    expect(flatWhite.options?.map((o) => [o.name, o.position, o.min_selectable, o.max_selectable])).toEqual([
      ['Size', 1, 1, 1],
      ['Milk', 2, 0, 1],
      ['Syrup', 3, 0, 1],
    ]);
    expect(flatWhite.options?.[1]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Oat', 0.4],
      ['Soy', 0.3],
    ]);
    expect(product(result, 'espresso').options?.map((o) => o.name)).toEqual(['Syrup']);
    expect(product(result, 'banana-bread').options).toBeUndefined();
    expect(result.issues.filter((i) => i.code === 'unknown-reference')).toEqual([]);
  });
});

describe('loyverse-items on the Spanish two-store fixture', () => {
  let centro: ExtractResult;
  let norte: ExtractResult;
  beforeAll(async () => {
    centro = await extractMenu({ mapping: 'loyverse-items', inputs: [ES] });
    norte = await extractMenu({ mapping: 'loyverse-items', inputs: [ES], params: { store: 'Norte' } });
  });

  it('reads the localized headers', () => {
    expect(errorsOf(centro)).toEqual([]);
    expect(centro.stats).toMatchObject({ rows: 8, categories: 3, products: 5, options: 2, option_values: 5 });
    expect(centro.menu.categories.map((c) => c.ext_id)).toEqual([
      'cat-clasicas',
      'cat-bebidas',
      'cat-postres',
    ]);
    expect(product(centro, 'hawaiana').description).toBe('Jamón, piña y mozzarella');
    expect(product(centro, 'agua-con-gas').name).toBe('Agua con gas 💧');
  });

  it('prices sizes from the chosen store, relative to the cheapest size', () => {
    const margarita = product(centro, 'margarita');
    expect(margarita.price).toBe(18000);
    expect(margarita.options?.[0]?.name).toBe('Tamaño');
    expect(margarita.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['30001', 'PERSONAL', 0],
      ['30002', 'MEDIANA (30CM)', 14000],
      ['30003', 'FAMILIAR (40CM)', 27000],
    ]);
    expect(product(norte, 'margarita').price).toBe(19000);
    expect(product(norte, 'margarita').options?.[0]?.option_values?.[2]?.price_operand).toBe(28000);
  });

  it('hides an item not for sale in the chosen store', () => {
    expect(product(centro, 'postre-del-día').hidden).toBe(true);
    expect(product(norte, 'postre-del-día').hidden).toBeUndefined();
  });

  it('recognises the lower-case "modificador" membership columns', () => {
    const unknown = centro.issues.filter((i) => i.code === 'unknown-reference');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]?.message).toMatch(/Queso extra/);
  });
});

describe('loyverse-items on small edge-case exports', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'menusync-loyverse-edge-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('falls back to the default price when the store price is empty', async () => {
    const file = path.join(dir, 'default-price.csv');
    await writeFile(
      file,
      [
        'Handle,SKU,Name,Category,Option 1 name,Option 1 value,Default price,Available for sale [Main],Price [Main]',
        'scone,1,Scone,Bakery,,,2.40,Y,',
        'tart,2,Tart,Bakery,Size,Mini,3.00,Y,',
        'tart,3,,,,Large,5.00,Y,5.50',
      ].join('\n') + '\n',
    );
    const result = await extractMenu({ mapping: 'loyverse-items', inputs: [file] });
    expect(errorsOf(result)).toEqual([]);
    expect(product(result, 'scone').price).toBe(2.4);
    expect(product(result, 'tart').price).toBe(3);
    expect(product(result, 'tart').options?.[0]?.option_values?.map((v) => v.price_operand)).toEqual([
      0, 2.5,
    ]);
  });

  it('fails on a store the export does not have instead of guessing', async () => {
    const result = await extractMenu({
      mapping: 'loyverse-items',
      inputs: [EN],
      params: { store: 'Nowhere' },
    });
    // Price and availability both name the store and list the ones the file has; no Default price fallback.
    expect(errorsOf(result).map((i) => [i.code, i.message])).toEqual([
      [
        'missing-column',
        'no column "Price [Nowhere]" or "Precio [Nowhere]" for parameter store = "Nowhere"; store values in this file: Harbour, Airport',
      ],
      [
        'missing-column',
        'no column "Available for sale [Nowhere]" or "Disponibles para la venta [Nowhere]" for parameter store = "Nowhere"; store values in this file: Harbour, Airport',
      ],
    ]);
  });
});

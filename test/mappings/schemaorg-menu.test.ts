import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { validateMenu } from '../../src/model/index.js';
import { REPO_ROOT, errorsOf, product, sampleFile, skippedCounts } from './helpers.js';

const MAPPING = path.join(REPO_ROOT, 'mappings/schemaorg-menu/mapping.yaml');
const FIXTURE = path.join(REPO_ROOT, 'mappings/schemaorg-menu/fixtures/trattoria-menu.json');
const { file: samples, present } = sampleFile('schemaorg/sdo-menu-examples.txt');

const extract = (input: string) => extractMenu({ mapping: MAPPING, inputs: [input] });

describe('schemaorg-menu on our fixture', () => {
  it('maps every section holding items to a category and counts the section holding only sections', async () => {
    const result = await extract(FIXTURE);
    expect(errorsOf(result)).toEqual([]);
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      // Sections of a Menu first, then sub-sections (each reached from its parent).
      ['https://trattoria-esempio.example/menu#antipasti', 'Antipasti'],
      ['food/dolci', 'Dolci'],
      ['drinks/wine', 'Wine'],
      ['pizza/red', 'Red'],
      ['pizza/white', 'White'],
      ['menu', 'Menu'], // the fallback of the item placed on the Menu itself
    ]);
    expect(skippedCounts(result)).toEqual({ 'section holding only sections': 1 });
    expect(result.stats).toMatchObject({ categories: 6, products: 10, options: 6, option_values: 10 });
  });

  it('takes @id as ext_id, else the names along the path, and the lowest offer as the price', async () => {
    const result = await extract(FIXTURE);
    expect(product(result, 'https://trattoria-esempio.example/menu#bruschetta')).toMatchObject({
      name: 'Bruschetta',
      price: 6.5,
      category_ext_id: 'https://trattoria-esempio.example/menu#antipasti',
      image: 'https://trattoria-esempio.example/img/bruschetta.jpg',
      // suitableForDiet (a list here) as the description's last line.
      description: 'Grilled bread, tomatoes, garlic, basil.\n\nSuitable for: VeganDiet, LowLactoseDiet',
    });
    expect(product(result, 'pizza/white/quattro-formaggi').description).toBe('Suitable for: VegetarianDiet');
    // A single hasMenuItem object (not an array) is one item; nested sections give their own path.
    expect(product(result, 'pizza/white/quattro-formaggi')).toMatchObject({ price: 12 });
    expect(product(result, 'trattoria-esempio/food/bread-basket')).toMatchObject({
      category_ext_id: 'menu',
      price: 2.5,
    });
  });

  it('hides what cannot be bought: every offer sold out, or a sold-out size or add-on', async () => {
    const result = await extract(FIXTURE);
    expect(product(result, 'food/antipasti/burrata').hidden).toBe(true);
    const wine = product(result, 'drinks/wine/dessert-wine');
    expect(wine.hidden).toBe(false);
    expect(wine.options?.[0]?.option_values?.map((v) => [v.name, v.hidden])).toEqual([
      ['Glass', false],
      ['Bottle', true],
    ]);
    const toppings = product(result, 'pizza/red/margherita').options?.[1];
    expect(toppings?.option_values?.map((v) => [v.name, v.hidden])).toEqual([
      ['Buffalo mozzarella', false],
      ['Anchovies', true],
    ]);
    // No offer at all: unpriced, hidden and said.
    expect(product(result, 'food/dolci/torta-del-giorno').hidden).toBe(true);
    // One issue: the empty price, with what became of the product (hidden) folded in.
    expect(
      result.issues.map((i) => [i.code, i.location.path, i.message.endsWith('hidden (unpriced: hide)')]),
    ).toEqual([['missing-value', '$.hasMenu[0].hasMenuSection[2].hasMenuItem[1]', true]]);
  });

  it('makes several offers a Size option priced in full, and menuAddOn sections and items options', async () => {
    const result = await extract(FIXTURE);
    const margherita = product(result, 'pizza/red/margherita');
    expect(margherita.price).toBe(9);
    expect(margherita.options?.map((o) => [o.ext_id, o.name, o.min_selectable, o.max_selectable])).toEqual([
      ['pizza/red/margherita/size', 'Size', 1, 1],
      ['pizza/red/margherita/extra-toppings', 'Extra toppings', 0, undefined],
    ]);
    expect(margherita.options?.[0]?.option_values?.map((v) => [v.ext_id, v.price_operand])).toEqual([
      ['pizza/red/margherita/size/regular', 0],
      ['pizza/red/margherita/size/large', 3.5],
    ]);
    const diavola = product(result, 'pizza/red/diavola');
    expect(diavola.options?.map((o) => o.ext_id)).toEqual([
      'pizza/red/diavola/extra-toppings',
      'pizza/red/diavola/add-ons',
    ]);
    expect(diavola.options?.[1]?.option_values?.[0]).toMatchObject({ name: 'Chili oil', price_operand: 0.5 });
  });

  it('never gives one option or value id two contents: ids name their product', async () => {
    const { menu } = await extract(FIXTURE);
    // Buffalo mozzarella costs 2.00 on the Margherita and 2.50 on the Diavola.
    const seen = new Map<string, string>();
    for (const p of menu.products) {
      for (const option of p.options ?? []) {
        for (const value of option.option_values ?? []) {
          const content = JSON.stringify(value);
          expect(seen.get(value.ext_id) ?? content, value.ext_id).toBe(content);
          seen.set(value.ext_id, content);
        }
      }
    }
    const ids = menu.products.flatMap((p) => (p.options ?? []).map((o) => o.ext_id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

/** The JSON of each `<script type="application/ld+json">` block of the schema.org examples file. */
function jsonLdBlocks(text: string): string[] {
  return [...text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? '',
  );
}

describe.skipIf(!present)('schemaorg-menu on the official schema.org examples', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'schemaorg-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = present
    ? jsonLdBlocks(readFileSync(samples, 'utf8')).map((json, i) => {
        const file = path.join(dir, `example-${i + 1}.json`);
        writeFileSync(file, json);
        return file;
      })
    : [];

  it('finds the two JSON-LD examples', () => {
    expect(files).toHaveLength(2);
  });

  it('maps eg-0385 (one section as an object, one item as an object) with no issue', async () => {
    const result = await extract(files[0] ?? '');
    expect(result.issues).toEqual([]);
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([['/tacos', 'Tacos']]);
    expect(result.menu.products).toEqual([
      expect.objectContaining({
        ext_id: '/tacos/aloo-gobi-taco', // the Menu has no name: the path starts empty
        category_ext_id: '/tacos',
        name: 'Aloo Gobi Taco',
        price: 3.5,
        hidden: false,
      }),
    ]);
  });

  it('maps eg-0386 (nested sections) to valid categories and products with zero errors', async () => {
    const result = await extract(files[1] ?? '');
    expect(errorsOf(result)).toEqual([]);
    expect(validateMenu(result.menu).filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.menu.products.length).toBeGreaterThan(0);
    expect(result.menu.categories.map((c) => c.ext_id)).toEqual(['dinner/starters', 'dinner/soups-salads']);
    expect(result.menu.products.map((p) => [p.ext_id, p.category_ext_id, p.price])).toEqual([
      ['dinner/starters/potato-skins', 'dinner/starters', 7.49],
      ['dinner/soups-salads/pea-soup', 'dinner/soups-salads', 3.49],
    ]);
    // "Dinner" holds only sections: counted, its sections are the categories.
    expect(result.skipped).toEqual([{ reason: 'section holding only sections', count: 1 }]);
  });
});

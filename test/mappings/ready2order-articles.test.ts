import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { REPO_ROOT, product } from './helpers.js';

// The shipped ready2order-articles mapping on our fixture (invented Viennese restaurant data in
// the export's shape: BOM, `;`, decimal comma, Ja/Nein, sizes as articles, lists in cells).

const DIR = path.join(REPO_ROOT, 'mappings/ready2order-articles');
const MAPPING = path.join(DIR, 'mapping.yaml');
const FIXTURE = path.join(DIR, 'fixtures/articles.csv');

describe('ready2order-articles on our fixture', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extractMenu({ mapping: MAPPING, inputs: [FIXTURE] });
  });

  it('maps 9 articles to 7 products with no issues', () => {
    expect(result.issues).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.stats).toMatchObject({ rows: 9, products: 7, categories: 5 });
    expect(result.menu.categories.map((c) => c.name)).toEqual([
      'Hauptspeisen',
      'Pizza',
      'Getränke',
      'Desserts',
      'Sonstiges',
    ]);
  });

  it('joins sizes sold as separate articles into one product with a size option', () => {
    const pizza = product(result, 'pizza-margherita');
    expect(pizza.name).toBe('Pizza Margherita');
    expect(pizza.price).toBe(8.5);
    const size = pizza.options?.[0];
    expect([size?.name, size?.type, size?.min_selectable]).toEqual(['Größe', 'single', 1]);
    expect(size?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
      ['4711003', 'klein (26 cm)', 0],
      ['4711004', 'groß (32 cm)', 3.4],
    ]);
    expect(product(result, 'almdudler').options?.[0]?.option_values?.map((v) => v.name)).toEqual([
      '0,35 l',
      '0,5 l',
    ]);
  });

  it('reads side dishes and extras from lists in cells, priced per product', () => {
    const schnitzel = product(result, '4711001');
    expect(schnitzel.price).toBe(18.9);
    expect(
      schnitzel.options?.map((o) => [
        o.name,
        o.min_selectable,
        o.max_selectable,
        o.option_values?.map((v) => [v.name, v.price_operand]),
      ]),
    ).toEqual([
      [
        'Beilage',
        1,
        1,
        [
          ['Pommes', undefined],
          ['Reis', 1.9],
          ['Kartoffelsalat', 2.5],
        ],
      ],
      [
        'Extras',
        0,
        2,
        [
          ['Preiselbeeren', 0.8],
          ['Sauce Tartare', 0.6],
        ],
      ],
    ]);
    // Reis costs 2,20 with the goulash: a value of the goulash's own option.
    const reis = product(result, '4711002').options?.[0]?.option_values?.[1];
    expect([reis?.ext_id, reis?.price_operand]).toEqual(['4711002-beilage-reis', 2.2]);
    expect(product(result, 'pizza-margherita').options?.map((o) => o.name)).toEqual(['Größe', 'Extras']);
  });

  it('hides inactive articles and files articles without a group under Sonstiges', () => {
    expect(product(result, '4711007').hidden).toBe(true);
    expect(product(result, '4711001').hidden).toBe(false);
    expect(product(result, '4711009')).toMatchObject({ price: 50, category_ext_id: 'cat-sonstiges' });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractResult } from '../../src/mapping/types.js';
import { errorsOf, extractWith, product, samplesDir } from './helpers.js';

// The shipped loyverse-items mapping on the four real Loyverse exports in ../shared/pos-samples
// (never copied into the repository). Expected counts and entities were worked out by hand from the
// files: see mappings/loyverse-items/README.md.

const { dir: SAMPLES, present } = samplesDir('loyverse');
const extract = extractWith('loyverse-items', SAMPLES);

describe.skipIf(!present)('loyverse-items on the real Loyverse exports', () => {
  describe('Maldives café (English headers, one store, 7 modifier columns)', () => {
    let result: ExtractResult;
    beforeAll(async () => {
      result = await extract('cafe-maldives-export_items.csv');
    });

    it('maps 174 items in 9 categories with no errors', () => {
      expect(errorsOf(result)).toEqual([]);
      expect(result.stats).toMatchObject({
        rows: 174,
        categories: 9,
        products: 174,
        options: 0,
        option_values: 0,
      });
      expect(result.menu.categories.map((c) => c.name)).toEqual([
        'Cold Drinks',
        'Treats',
        'Snacks',
        'FRESH Drinks',
        'Hedhikaa',
        'Pastry',
        'Hot Beverages',
        'No category',
        'PKT Drinks',
      ]);
    });

    it('decodes HTML descriptions and reads the store price', () => {
      expect(product(result, '100-plus-bar')).toMatchObject({
        name: '100 Plus Bar (Popsicle)',
        category_ext_id: 'cat-treats',
        price: 20,
      });
      expect(product(result, '100-plus-bar').description).toContain('made by Fraser & Neave (F&N)');
      expect(product(result, '100-plus-active-(bottle-)-500ml')).toMatchObject({ price: 25, position: 1 });
    });

    it('warns once per modifier column whose options the export does not carry', () => {
      const unknown = result.issues.filter((i) => i.code === 'unknown-reference');
      expect(unknown).toHaveLength(7);
      expect(unknown.map((i) => i.message).join('\n')).toContain('Pani Puri');
    });
  });

  describe('Colombian pizzeria (Spanish headers, size continuation rows)', () => {
    let result: ExtractResult;
    beforeAll(async () => {
      result = await extract('pizzeria-es-export_items.csv');
    });

    it('maps 55 rows to 20 products, 12 of them with a size option', () => {
      expect(errorsOf(result)).toEqual([]);
      expect(result.stats).toMatchObject({
        rows: 55,
        categories: 5,
        products: 20,
        options: 12,
        option_values: 47,
      });
      expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
        ['cat-bebidas', 'BEBIDAS'],
        ['cat-basicas', 'BÁSICAS'],
        ['cat-adicionales', 'ADICIONALES'],
        ['cat-cono-pizza', 'CONO PIZZA'],
        ['cat-especiales', 'ESPECIALES'],
      ]);
    });

    it('prices the sizes of BÁSICA relative to the smallest', () => {
      const basica = product(result, 'basica');
      // The file spells this name decomposed (A + U+0301), unlike the category; it is kept as written.
      expect(basica).toMatchObject({ name: 'BA\u0301SICA', category_ext_id: 'cat-basicas', price: 17000 });
      expect(basica.description).toBe('Salsa de la casa, mozzarella, + ingrediente a elección');
      expect(basica.options?.[0]?.name).toBe('Tamaño');
      expect(basica.options?.[0]?.option_values?.map((v) => [v.ext_id, v.name, v.price_operand])).toEqual([
        ['10008', 'EXT FAM', 27000],
        ['10007', 'FAM (40CM)', 21000],
        ['10006', 'MED (30CM)', 5000],
        ['10005', 'PEQ (24CM)', 0],
      ]);
    });
  });

  describe('Mexican bubble tea (Spanish headers, two stores, Precio por defecto)', () => {
    it('uses the first store, not the default price, and honours the store parameter', async () => {
      const first = await extract('bubbletea-mx-2stores-export_items.csv');
      const second = await extract('bubbletea-mx-2stores-export_items.csv', { store: 'Fubba 1' });
      for (const result of [first, second]) {
        expect(errorsOf(result)).toEqual([]);
        expect(result.stats).toMatchObject({
          rows: 66,
          categories: 9,
          products: 66,
          options: 0,
          option_values: 0,
        });
        // Precio por defecto is 80.00; both stores sell it at 95.00.
        expect(product(result, 'fubba-arroz-con-leche').price).toBe(95);
      }
      expect(product(first, 'fubba-chocolate').name).toBe('CHOCOLATE 🍫');
      expect(product(first, 'bombones').category_ext_id).toBe('cat-no-category');
      const leche = first.issues.filter((i) => i.code === 'unknown-reference');
      expect(leche).toHaveLength(1);
      expect(leche[0]?.message).toContain('Leche');
    });
  });

  describe('Italian fuel station (variable prices, composite items, odd handles)', () => {
    let result: ExtractResult;
    beforeAll(async () => {
      result = await extract('it-fuelstation-export_items.csv');
    });

    it('maps 551 rows to 495 products, 11 with a variant option, with no errors', () => {
      expect(errorsOf(result)).toEqual([]);
      expect(result.stats).toMatchObject({
        rows: 551,
        categories: 12,
        products: 495,
        options: 11,
        option_values: 67,
      });
    });

    it('gives `variable` prices no amount, with warnings, and bases variants on the known prices', () => {
      expect(product(result, 'importo').price).toBeUndefined();
      const variablePrices = result.issues.filter((i) => i.code === 'bad-price');
      // One warning per `variable` cell: 11 single-row items and 12 variant rows.
      expect(variablePrices).toHaveLength(23);
      expect(variablePrices.every((i) => i.severity === 'warning')).toBe(true);
      const privati = product(result, 'privati');
      expect(privati.price).toBe(6);
      const values = privati.options?.[0]?.option_values ?? [];
      expect(privati.options?.[0]?.name).toBe('TIPO LAVAGGIO');
      expect(values).toHaveLength(11);
      expect(values[0]).toMatchObject({ ext_id: '10409', name: 'AUTO NON SPORCA' });
      expect(values[0]?.price_operand).toBeUndefined();
      expect(values[1]).toMatchObject({ name: 'COMPLETO', price_operand: 22 });
      expect(values[9]).toMatchObject({ name: 'TAPPEZZERIA', price_operand: 93 });
    });

    it('keeps handles with commas, pipes and quotes intact', () => {
      expect(product(result, 'acqua-norda-1,5lt')).toMatchObject({ name: 'Acqua Norda 1,5lt', price: 1.5 });
      expect(product(result, 'coppia-coprisedile-tag.1-fast&smart-nero|dubai-antracite').price).toBe(34);
      expect(product(result, 'BORCHIE CERCHI 15"').name).toBe('BORCHIE CERCHI 15"');
      expect(product(result, 'antigelo-radiatori-blu-sfuso')).toMatchObject({
        price: 1,
        category_ext_id: 'cat-no-category',
      });
    });
  });
});

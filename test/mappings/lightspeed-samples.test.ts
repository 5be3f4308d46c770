import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractResult } from '../../src/mapping/types.js';
import { extractWith, product, samplesDir, warningsOf } from './helpers.js';

// The shipped lightspeed-xseries-products mapping on the two real exports in ../shared/pos-samples
// (never copied into the repository). Counts and entities were worked out by hand from the files
// (grouping rows by handle, see mappings/lightspeed-xseries-products/README.md).

const { dir: SAMPLES, present } = samplesDir('lightspeed-xseries');
const extract = extractWith('lightspeed-xseries-products', SAMPLES);

describe.skipIf(!present)('lightspeed-xseries-products on the real exports', () => {
  describe('non-alcoholic bottle shop, 2 outlets (current X-Series layout)', () => {
    let result: ExtractResult;
    beforeAll(async () => {
      result = await extract('soberish-2outlets-product-export.csv');
    });

    it('maps 1024 rows to 828 products, 176 variant options and 372 values, with no errors', () => {
      expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
      // Two descriptions hold zero-width spaces (U+200B): warned, and their line breaks not named.
      const invisible = result.issues.filter((i) => i.code === 'invisible-character');
      expect(invisible.map((i) => i.message.match(/\(([^)]*)\)/)?.[1])).toEqual(['U+200B', 'U+200B']);
      expect(result.stats).toMatchObject({
        rows: 1024,
        categories: 29,
        products: 828,
        options: 176,
        option_values: 372,
        warnings: 2,
        errors: 0,
      });
      expect(result.skipped).toEqual([]);
    });

    it('keeps "A / B" categories whole and puts the 14 products without one in "Uncategorized", said once', () => {
      const names = result.menu.categories.map((c) => c.name);
      expect(names.slice(0, 7)).toEqual([
        'Mixology Sets & Gifts',
        'Aperitif',
        'Mezcal',
        'Botanical Spirit',
        'Bourbon/Whiskey',
        'Rum',
        'THC / THC Drinks',
      ]);
      expect(names).toContain('Non-Alcoholic & Dealcoholized Wine / Sparkling Rose');
      expect(result.menu.products.filter((p) => p.category_ext_id === 'cat-uncategorized')).toHaveLength(14);
      expect(result.notes).toEqual([
        {
          code: 'fallback-category',
          message:
            '14 products without a category are in the fallback category "Uncategorized" (cat-uncategorized)',
        },
      ]);
    });

    it('hides the 35 products that are not active online', () => {
      expect(result.menu.products.filter((p) => p.hidden === true)).toHaveLength(35);
      expect(product(result, 'alchemy-uplift-strawberry-yuzu-thcv-30ct')).toMatchObject({
        name: 'Alchemy Naturals CBD & THCv Uplift Gummies',
        category_ext_id: 'cat-thc-thc-edibles',
        price: 60,
        hidden: true,
      });
    });

    it('prices a two-variant product from its single and prices the pack as a supplement', () => {
      const aplos = product(result, 'aplos-chili-margarita');
      expect(aplos).toMatchObject({ name: 'Aplós Chili Margarita', price: 8, hidden: false });
      expect(aplos.options?.[0]?.name).toBe('Size');
      expect(aplos.options?.[0]?.option_values).toEqual([
        {
          ext_id: '5615907c-384c-4609-ac75-d0fa53f2a7ba',
          name: '4 pack',
          price_operator: '+',
          price_operand: 22,
          position: 1,
        },
        {
          ext_id: '1a25d4d6-1774-40cb-bd14-d29ab140d4aa',
          name: 'Single',
          price_operator: '+',
          price_operand: 0,
          position: 2,
        },
      ]);
      expect(product(result, 'a-bar-above-bar-spoon')).toMatchObject({
        name: 'A Bar Above Bar Spoon (Gold)',
        category_ext_id: 'cat-mixology-sets-gifts',
        price: 15,
      });
      expect(product(result, 'a-bar-above-bar-spoon').description).toMatch(
        /^They're heavy\. They're balanced\./,
      );
    });
  });

  describe('university shop, 6 outlets (legacy Vend layout, MacRoman)', () => {
    let result: ExtractResult;
    beforeAll(async () => {
      result = await extract('vend-legacy-6outlets-product-export.csv');
    });

    it('maps 1217 rows to 380 products, 181 options and 1004 values, with no errors', () => {
      expect(result.stats).toMatchObject({
        rows: 1217,
        categories: 12, // 11 and "Uncategorized"
        products: 380,
        options: 181,
        option_values: 1004,
        // The 5 no-handle and 5 cut-off rows the mapping skips, each reported with its row, and 9
        // products priced 0 (free shipping, ...) hidden as unpriced, and 174 descriptions holding
        // double-encoded UTF-8 (`Â`, `â€¢`). The 31 products whose first row has no `type` (hand
        // count) are in "Uncategorized", named in a note.
        warnings: 193,
        errors: 0,
      });
      expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
      const warnings = warningsOf(result);
      expect(warnings.filter((i) => i.message === 'row skipped by rule "no-handle"')).toHaveLength(5);
      const cut = warnings.filter((i) => i.code === 'malformed-row');
      expect(cut.map((i) => i.message)).toEqual(Array(5).fill('row skipped by rule "cut-off-row"'));
      expect(cut.every((i) => typeof i.location.row === 'number')).toBe(true);
      expect(warnings.filter((i) => i.code === 'missing-value')).toHaveLength(5);
      const doubled = warnings.filter((i) => i.message.includes('(double-encoded: '));
      expect(doubled).toHaveLength(174);
      expect(doubled.every((i) => /^\$\.products\[\d+\]\.description$/.test(i.location.path ?? ''))).toBe(
        true,
      );
      expect(result.menu.products.filter((p) => p.category_ext_id === 'cat-uncategorized')).toHaveLength(31);
    });

    it('skips the store-credit item priced -5 as negative-price instead of failing on it', () => {
      expect(result.skipped).toContainEqual({ reason: 'negative-price', count: 1 });
      expect(result.menu.products.map((p) => p.ext_id)).not.toContain('THSBucks');
    });

    it('counts the rows it skips: cut text, bundle components and the rows Excel cut off', () => {
      expect(result.skipped).toEqual(
        expect.arrayContaining([
          { reason: 'no-handle', count: 5 },
          { reason: 'composite-component', count: 3 },
          { reason: 'cut-off-row', count: 5 },
        ]),
      );
      expect(result.skipped).toHaveLength(4);
      expect(result.menu.products.map((p) => p.ext_id)).not.toContain(
        'HarvardZipperAppliqueHoodedSweatshirt',
      );
      expect(product(result, 'SmallBundle')).toMatchObject({ name: 'Silver Bottle Small Bundle', price: 45 });
    });

    it('decodes the file as MacRoman (E5 CA is Â and a non-breaking space)', () => {
      const tank = product(result, 'racerbacktank');
      expect(tank.description).toContain('with burnout front and back detailing!Â\n');
      expect(tank).toMatchObject({
        name: 'Harvard Racerback Tank',
        price: 12.99,
        category_ext_id: 'cat-general',
      });
      expect(tank.options?.[0]?.option_values?.map((v) => v.name)).toEqual(['S', 'M', 'L', 'XL']);
    });

    it('combines Size and Color into one option', () => {
      const shirt = product(result, 'harvard-business-school-t-shirt-large-shield');
      expect(shirt.options?.[0]?.name).toBe('Size / Color');
      expect(shirt.options?.[0]?.option_values?.slice(0, 4).map((v) => v.name)).toEqual([
        'L / Gray',
        'XL / Gray',
        'XXL / Gray',
        'S / Crimson',
      ]);
      expect(shirt.options?.[0]?.option_values?.[0]?.ext_id).toBe('01e9d415-d43e-11e2-a415-bc764e10976c');
    });
  });
});

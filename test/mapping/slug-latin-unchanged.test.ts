import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/mapping/transforms/slug.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { extractWith, sampleFile } from '../mappings/helpers.js';

// A changed slug is a changed ext_id: a delete and a re-create on the live menu. Names written in
// Latin letters must keep the slug they had before names in other scripts got their own; this is
// that function, frozen as it was, and every Latin name is checked against it.
function slugBefore(text: string): string {
  if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(text)) return text;
  const source = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return source
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const OTHER_SCRIPT = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;

/** Every name and ext_id text in a mapped menu: categories, products, options, option values. */
function namesOf(result: ExtractResult): string[] {
  const names: string[] = [];
  const fromOptions = (options: ExtractResult['menu']['products'][number]['options']) => {
    for (const option of options ?? []) {
      names.push(option.name ?? '', option.ext_id);
      for (const value of option.option_values ?? []) names.push(value.name ?? '', value.ext_id);
    }
  };
  for (const c of result.menu.categories) {
    names.push(c.name ?? '', c.ext_id);
    fromOptions(c.options);
  }
  for (const p of result.menu.products) {
    names.push(p.name ?? '', p.ext_id, p.description ?? '');
    fromOptions(p.options);
  }
  return names;
}

// The real exports with the shipped mapping that reads each (mappings/<name>/README.md).
const SAMPLES: [mapping: string, file: string][] = [
  ['square-item-library', 'square/acai-juice-bar-item-library-export.xlsx'],
  ['square-item-library', 'square/retail-boutique-library-export-2023.csv'],
  ['square-catalog-api', 'square/icecream-catalog-api-objects.json'],
  ['loyverse-items', 'loyverse/cafe-maldives-export_items.csv'],
  ['loyverse-items', 'loyverse/pizzeria-es-export_items.csv'],
  ['loyverse-items', 'loyverse/bubbletea-mx-2stores-export_items.csv'],
  ['loyverse-items', 'loyverse/it-fuelstation-export_items.csv'],
  ['shopify-products', 'shopify/cake-bakery-products_export_1.csv'],
  ['shopify-products', 'shopify/shopify-sample-product-template-2024.csv'],
  ['woocommerce-products', 'woocommerce/wc-sample_products.csv'],
  ['lightspeed-xseries-products', 'lightspeed-xseries/soberish-2outlets-product-export.csv'],
  ['lightspeed-xseries-products', 'lightspeed-xseries/vend-legacy-6outlets-product-export.csv'],
  ['sumup-items', 'sumup/de-craftshop-items-export.csv'],
  ['gloriafood-menu', 'gloriafood/fetch_menu_v2_menu.json'],
  ['ubereats-menu', 'ubereats/tms-restaurant-menu-v2.json'],
];

describe('slugs of names in Latin letters are the ones they always were', () => {
  for (const [mapping, rel] of SAMPLES) {
    const { file, present } = sampleFile(rel);
    it.skipIf(!present)(`every name of ${rel} (${mapping})`, async () => {
      const names = namesOf(await extractWith(mapping)(file)).filter(
        (name) => name.trim() !== '' && !OTHER_SCRIPT.test(name) && slugBefore(name) !== '',
      );
      expect(names.length).toBeGreaterThan(10);
      const changed = names.filter((name) => slugify(name) !== slugBefore(name));
      expect(changed).toEqual([]);
    });
  }

  it('holds for any text of Latin letters, accents, digits, punctuation and emoji', () => {
    const latinChar = fc.constantFrom(
      ...'aAzZéÉèçÇñÑøØåßæœÆŒłŁıİǅﬁĳ0123456789 -_.,&%/\'"()+!?½²µ€$🍕🥚\u0301\u0308\u00a0\u2019ＡＢ１',
    );
    fc.assert(
      fc.property(fc.array(latinChar, { maxLength: 24 }), (chars) => {
        const name = chars.join('');
        if (slugBefore(name) === '') return;
        expect(slugify(name)).toBe(slugBefore(name));
      }),
      { numRuns: 2000 },
    );
  });
});

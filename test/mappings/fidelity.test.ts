import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { unpricedReason } from '../../src/mapping/unpriced.js';
import { optionIdentityConflicts } from '../../src/model/option-identity.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { SAMPLES_ROOT } from './helpers.js';

// Properties that must hold for any menu, checked on every real export of ../shared/pos-samples
// (INDEX.md) with its shipped mapping: nothing goes live sellable without a real price, every
// product is reachable through a category, and no option or value ext_id carries two contents
// (identity rule 4 read as environment-wide). Counts are INDEX.md's.

const present = existsSync(SAMPLES_ROOT);
if (!present) console.warn(`Skipping the fidelity checks: ${SAMPLES_ROOT} is absent`);

const JINBEH = ['appetizers', 'cocktails', 'hibachi', 'menu', 'sashimi', 'sushi-rolls'].map(
  (page) => `schemaorg/jinbeh/lewisville-${page}.ld.json`,
);
const coopcycle = (commit: string) => `schemaorg/coopcycle/menu-api-response@${commit}.filled.json`;
const MINOR_UNITS = { prices: 'minor-units' };

/** File(s) of one run (INDEX.md), mapping, products expected, parameters. */
const SAMPLES: [string | string[], string, number, Record<string, string>?][] = [
  ['square/acai-juice-bar-item-library-export.xlsx', 'square-item-library', 267],
  ['square/retail-boutique-library-export-2023.csv', 'square-item-library', 5],
  ['square/icecream-catalog-api-objects.json', 'square-catalog-api', 299],
  ['loyverse/cafe-maldives-export_items.csv', 'loyverse-items', 174],
  ['loyverse/pizzeria-es-export_items.csv', 'loyverse-items', 20],
  ['loyverse/bubbletea-mx-2stores-export_items.csv', 'loyverse-items', 66],
  ['loyverse/it-fuelstation-export_items.csv', 'loyverse-items', 495],
  ['shopify/cake-bakery-products_export_1.csv', 'shopify-products', 288],
  ['shopify/shopify-sample-product-template-2024.csv', 'shopify-products', 3],
  ['woocommerce/wc-sample_products.csv', 'woocommerce-products', 13],
  ['lightspeed-xseries/soberish-2outlets-product-export.csv', 'lightspeed-xseries-products', 828],
  ['lightspeed-xseries/vend-legacy-6outlets-product-export.csv', 'lightspeed-xseries-products', 380],
  ['sumup/de-craftshop-items-export.csv', 'sumup-items', 482],
  ['gloriafood/fetch_menu_v2_menu.json', 'gloriafood-menu', 4],
  ['ubereats/tms-restaurant-menu-v2.json', 'ubereats-menu', 53],
  // 18: six pages of one menu, one run; 19: CoopCycle's API writes prices in cents.
  [JINBEH, 'schemaorg-menu', 64],
  [coopcycle('5614bb3e'), 'schemaorg-menu', 2, MINOR_UNITS],
  [coopcycle('03a4df73'), 'schemaorg-menu', 2, MINOR_UNITS],
  // No attribute columns, booleans as 1.0, two templates named "50/50 britannia 62g" (their barcodes tell them apart).
  ['odoo/desibolt-malta-grocery-odoo-products.extracted.csv', 'odoo-pos-products', 109],
  // One item as GET /items/{id}?expand=categories answers it: a lone item, not a page.
  ['clover/clover-docs-expanding-fields-example1.json', 'clover-inventory', 1],
];

describe.skipIf(!present).each(SAMPLES)('%s with %s', (files, mapping, products, params) => {
  let result: ExtractResult;
  beforeAll(async () => {
    const inputs = (Array.isArray(files) ? files : [files]).map((file) => path.join(SAMPLES_ROOT, file));
    result = await extractMenu({ mapping, inputs, ...(params ? { params } : {}) });
  });

  it(`maps ${products} products, as INDEX.md counts them`, () => {
    expect(result.stats.products).toBe(products);
  });

  it('has no visible product without a price or a required option that carries one', () => {
    const unpriced = result.menu.products.filter((p) => unpricedReason(p) !== undefined);
    expect(unpriced.map((p) => p.ext_id)).toEqual([]);
  });

  it('has every product in a category the menu defines', () => {
    const categories = new Set(result.menu.categories.map((c) => c.ext_id));
    const lost = result.menu.products.filter((p) => !categories.has(p.category_ext_id ?? ''));
    expect(lost.map((p) => p.ext_id)).toEqual([]);
  });

  it('maps without an error (an optional column absent is a note, not a refusal)', () => {
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
  });

  it('gives no option or option value ext_id two contents', () => {
    expect(optionIdentityConflicts(result.menu)).toEqual([]);
    expect(result.issues.filter((i) => i.code === 'option-identity')).toEqual([]);
  });
});

describe.skipIf(!present)('spot checks', () => {
  it('Kevita: its `variable` Regular variation is hidden, never sold at the base price', async () => {
    const result = await extractMenu({
      mapping: 'square-item-library',
      inputs: [path.join(SAMPLES_ROOT, 'square/acai-juice-bar-item-library-export.xlsx')],
    });
    const kevita = result.menu.products.find((p) => p.ext_id === 'item-VU244GJZKP4HCY7HSPQNGBQN');
    const regular = kevita?.options?.[0]?.option_values?.find((v) => v.name === 'Regular');
    expect(regular).toMatchObject({ hidden: true });
    expect(regular?.price_operand).toBeUndefined();
  });

  it('Beanie: sells at its running sale price 18, not the regular 20, and the run says so', async () => {
    const result = await extractMenu({
      mapping: 'woocommerce-products',
      inputs: [path.join(SAMPLES_ROOT, 'woocommerce/wc-sample_products.csv')],
    });
    expect(result.menu.products.find((p) => p.ext_id === 'cc-beanie')?.price).toBe(18);
    expect(result.notes.map((n) => n.message)).toContain(
      'product "Beanie" sells at 18.00 from a sale with no end date (regular price 20.00)',
    );
  });

  it('5 Balls: its five required meatballs can be chosen from two kinds (max_quantity)', async () => {
    const result = await extractMenu({
      mapping: 'ubereats-menu',
      inputs: [path.join(SAMPLES_ROOT, 'ubereats/tms-restaurant-menu-v2.json')],
    });
    const balls = result.menu.products.find((p) => p.ext_id === '5_Balls');
    const group = balls?.options?.find((o) => (o.min_selectable ?? 0) >= 5);
    expect(group).toMatchObject({ min_selectable: 5, max_selectable: 5 });
    const visible = group?.option_values?.filter((v) => v.hidden !== true).length ?? 0;
    expect(visible * (group?.max_quantity ?? 1)).toBeGreaterThanOrEqual(5);
    expect(result.issues.filter((i) => i.message.includes('unsatisfiable-option'))).toEqual([]);
  });
});

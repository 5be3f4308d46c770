import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listSheets, openSource } from '../../src/extract/registry.js';
import { asTable, readAll, SAMPLES } from './helpers.js';

const present = existsSync(SAMPLES);
if (!present) console.warn(`Skipping real POS sample tests: ${SAMPLES} is absent`);

const sample = (file: string): string => path.join(SAMPLES, file);

// Record counts and header widths from ../shared/pos-samples/INDEX.md.
const CSV_SAMPLES: [file: string, encoding: string, records: number, columns: number][] = [
  ['loyverse/cafe-maldives-export_items.csv', 'utf-8', 174, 34],
  ['loyverse/pizzeria-es-export_items.csv', 'utf-8', 55, 21],
  ['loyverse/bubbletea-mx-2stores-export_items.csv', 'utf-8', 66, 27],
  ['loyverse/it-fuelstation-export_items.csv', 'utf-8', 551, 24],
  ['shopify/cake-bakery-products_export_1.csv', 'utf-8', 1458, 61],
  ['shopify/shopify-sample-product-template-2024.csv', 'utf-8', 16, 57],
  ['woocommerce/wc-sample_products.csv', 'utf-8', 24, 55],
  ['lightspeed-xseries/soberish-2outlets-product-export.csv', 'utf-8', 1024, 42],
  ['lightspeed-xseries/vend-legacy-6outlets-product-export.csv', 'macintosh', 1217, 49],
  ['sumup/de-craftshop-items-export.csv', 'utf-8', 877, 37],
  ['odoo/food-brand-product.template.csv', 'utf-8', 88, 7],
  ['square/retail-boutique-library-export-2023.csv', 'utf-8', 14, 26],
];

describe.skipIf(!present)('real POS samples', () => {
  it.each(CSV_SAMPLES)(
    '%s opens as %s, comma, header on row 1, %i records',
    async (file, encoding, records, columns) => {
      const source = asTable(await openSource(sample(file)));
      expect(source).toMatchObject({ encoding, delimiter: ',', headerRow: 1 });
      expect(source.headers).toHaveLength(columns);
      expect(await readAll(source)).toHaveLength(records);
      expect(source.issues).toEqual([]);
    },
  );

  it('reads the Loyverse escaped-quote modifier headers and keeps emoji and leading zeros', async () => {
    const source = asTable(await openSource(sample('loyverse/cafe-maldives-export_items.csv')));
    expect(source.headers).toContain('Modifier - "YeYe"');
    expect(source.headers).toContain('Tax - "GST" (8%)');
    const names = (await readAll(source)).map((record) => record.cells[source.headers.indexOf('Name')]);
    expect(names).toContain('Eggs 🥚');
  });

  it('decodes the Vend MacRoman export: E5 CA is "Â" + NBSP, and physical rows count bare CRs', async () => {
    const source = asTable(
      await openSource(sample('lightspeed-xseries/vend-legacy-6outlets-product-export.csv')),
    );
    const records = await readAll(source);
    expect(records.some((record) => record.cells.some((cell) => String(cell).includes('Â\u00a0')))).toBe(
      true,
    );
    expect(records.every((record, i) => i === 0 || record.row > (records[i - 1]?.row ?? 0))).toBe(true);
    expect(records.at(-1)?.row).toBe(22086);
  });

  it('numbers Shopify rows by the physical line they start on, past multi-line HTML bodies', async () => {
    const records = await readAll(await openSource(sample('shopify/cake-bakery-products_export_1.csv')));
    expect(records[0]?.row).toBe(2);
    expect(records.at(-1)?.row).toBe(5244);
  });

  it('reads the Square xlsx: sheet Items, header on row 2, 379 records, Price numeric except 11 "variable"', async () => {
    const file = sample('square/acai-juice-bar-item-library-export.xlsx');
    expect(await listSheets(file)).toEqual(['Items', 'Component Inventory']);
    const source = asTable(await openSource(file));
    expect(source).toMatchObject({ sheet: 'Items', headerRow: 2 });
    expect(source.headers).toHaveLength(80);
    const price = source.headers.indexOf('Price');
    const prices = (await readAll(source)).map((record) => record.cells[price]);
    expect(prices).toHaveLength(379);
    expect(prices.filter((value) => value === 'variable')).toHaveLength(11);
    expect(prices.filter((value) => typeof value === 'number')).toHaveLength(368);
    expect(source.headers.filter((header) => header.startsWith('Modifier Set - '))).toHaveLength(42);
  });

  it.each([
    [
      'gloriafood/fetch_menu_v2_menu.json',
      (doc: unknown) => (doc as { categories: unknown[] }).categories.length > 0,
    ],
    [
      'ubereats/tms-restaurant-menu-v2.json',
      (doc: unknown) => (doc as { items: unknown[] }).items.length === 199,
    ],
    ['square/icecream-catalog-api-objects.json', (doc: unknown) => (doc as unknown[]).length === 473],
  ])('parses %s as a document', async (file, check) => {
    const source = await openSource(sample(file));
    expect(source.kind).toBe('document');
    if (source.kind === 'document') expect(check(source.document)).toBe(true);
  });
});

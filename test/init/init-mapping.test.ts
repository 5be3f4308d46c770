import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initMapping } from '../../src/init/index.js';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { parseMappingText } from '../../src/mapping/loader.js';
import { INIT_USAGE } from '../../src/cli/init-usage.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLES = path.resolve(ROOT, '../shared/pos-samples');
const present = existsSync(SAMPLES);
if (!present) console.warn(`Skipping init on the real POS samples: ${SAMPLES} is absent`);

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'menusync-init-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('initMapping on our fixtures', () => {
  it.each([
    ['mappings/lightspeed-xseries-products/fixtures/products.csv', 'lightspeed-xseries-products'],
    ['mappings/lightspeed-xseries-products/fixtures/vend-legacy-products.csv', 'lightspeed-xseries-products'],
    ['mappings/sumup-items/fixtures/items.csv', 'sumup-items'],
  ])('recognizes %s and its starter maps it exactly like the shipped mapping', async (fixture, mapping) => {
    const input = path.join(ROOT, fixture);
    const out = path.join(tmp, `${mapping}-starter.yaml`);
    const result = await initMapping({ input, out });
    expect(result.recognition?.format.mapping).toBe(mapping);
    expect(parseMappingText(result.yaml, out).name).toBe(mapping);
    await writeFile(out, result.yaml);
    const viaStarter = await extractMenu({ mapping: out, inputs: [input] });
    const viaShipped = await extractMenu({ mapping, inputs: [input] });
    expect(viaStarter.menu).toEqual(viaShipped.menu);
  });

  it('points the starter at the shipped JSON Schema relative to where it is written', async () => {
    const result = await initMapping({
      input: path.join(ROOT, 'mappings/sumup-items/fixtures/items.csv'),
      out: path.join(ROOT, 'mappings/x.yaml'),
    });
    expect(result.yaml.split('\n')[0]).toBe('# yaml-language-server: $schema=./mapping.schema.json');
    expect(result.yaml).toContain('Recognized: SumUp items export.');
    expect(result.yaml).not.toMatch(/^fixtures:/m);
  });
});

describe('initMapping on an unknown table', () => {
  it('writes a generic mapping that guesses the columns and extracts the file', async () => {
    const input = path.join(tmp, 'kasse.csv');
    await writeFile(
      input,
      'Artikelnummer;Bezeichnung;Warengruppe;Verkaufspreis;Einkaufspreis\n' +
        '1001;Apfelschorle 0,3 l;Getränke;2,80;0,90\n' +
        '1002;Brezel;Backwaren;1,20;0,30\n',
    );
    const out = path.join(tmp, 'kasse.yaml');
    const result = await initMapping({ input, out });
    expect(result.recognition).toBeUndefined();
    expect(result.yaml).toContain('name: { column: "Bezeichnung" } # GUESS');
    expect(result.yaml).toContain('price: { column: "Verkaufspreis", transforms: [money] } # GUESS');
    expect(result.yaml).toContain('category: { name: { column: "Warengruppe" } } # GUESS');
    expect(result.yaml).toContain(
      '#   "Artikelnummer" "Bezeichnung" "Warengruppe" "Verkaufspreis" "Einkaufspreis"',
    );
    await writeFile(out, result.yaml);
    const extracted = await extractMenu({ mapping: out, inputs: [input] });
    expect(extracted.issues).toEqual([]);
    // Artikelnummer is the till's article number: a stable id, preferred over a slug of the name.
    expect(result.yaml).toContain('ext_id: { column: "Artikelnummer" } # GUESS');
    expect(extracted.menu.products).toEqual([
      {
        ext_id: '1001',
        name: 'Apfelschorle 0,3 l',
        category_ext_id: 'cat-getranke',
        price: 2.8,
        position: 1,
      },
      { ext_id: '1002', name: 'Brezel', category_ext_id: 'cat-backwaren', price: 1.2, position: 1 },
    ]);
  });

  it('reads an unknown workbook from its sheet, past a title row', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Speisekarte');
    sheet.addRows([
      ['Karte 2026'],
      ['Code', 'Gericht', 'Preis', 'Kategorie'],
      ['A1', 'Schnitzel', 14.5, 'Hauptgerichte'],
      ['A2', 'Suppe', 5, 'Vorspeisen'],
    ]);
    const input = path.join(tmp, 'karte.xlsx');
    await workbook.xlsx.writeFile(input);
    const out = path.join(tmp, 'karte.yaml');
    const result = await initMapping({ input, out });
    expect(result.yaml).toContain(
      'items: { format: xlsx, sheet: "Speisekarte", headerHints: ["Gericht", "Preis"] }',
    );
    await writeFile(out, result.yaml);
    const extracted = await extractMenu({ mapping: out, inputs: [input] });
    expect(extracted.issues).toEqual([]);
    expect(extracted.menu.products.map((p) => [p.ext_id, p.name, p.price, p.category_ext_id])).toEqual([
      ['A1', 'Schnitzel', 14.5, 'cat-hauptgerichte'],
      ['A2', 'Suppe', 5, 'cat-vorspeisen'],
    ]);
  });

  it('refuses a JSON document of unknown shape, naming its keys', async () => {
    const input = path.join(tmp, 'menu.json');
    await writeFile(input, JSON.stringify({ shop: 'x', dishes: [] }));
    await expect(initMapping({ input })).rejects.toThrow(/no known JSON menu format.*keys: shop, dishes/);
  });
});

describe.skipIf(!present)('initMapping recognizes every real POS sample', () => {
  it.each([
    ['square/acai-juice-bar-item-library-export.xlsx', 'square-item-library', {}],
    ['square/retail-boutique-library-export-2023.csv', 'square-item-library', {}],
    ['square/icecream-catalog-api-objects.json', 'square-catalog-api', {}],
    ['loyverse/cafe-maldives-export_items.csv', 'loyverse-items-en', { store: 'Chillo' }],
    ['loyverse/pizzeria-es-export_items.csv', 'loyverse-items-es', { store: 'Pizzarella5020' }],
    ['loyverse/bubbletea-mx-2stores-export_items.csv', 'loyverse-items-es', { store: 'Fubba Bubba' }],
    ['loyverse/it-fuelstation-export_items.csv', 'loyverse-items-en', { store: 'Eni Live Station' }],
    ['shopify/cake-bakery-products_export_1.csv', 'shopify-products-legacy', {}],
    ['shopify/shopify-sample-product-template-2024.csv', 'shopify-products-2024', {}],
    ['woocommerce/wc-sample_products.csv', 'woocommerce-products', {}],
    ['lightspeed-xseries/soberish-2outlets-product-export.csv', 'lightspeed-xseries-products', {}],
    ['lightspeed-xseries/vend-legacy-6outlets-product-export.csv', 'lightspeed-xseries-products', {}],
    ['sumup/de-craftshop-items-export.csv', 'sumup-items', {}],
    ['odoo/food-brand-product.template.csv', 'odoo-product-template', {}],
    ['gloriafood/fetch_menu_v2_menu.json', 'gloriafood-menu', {}],
    ['ubereats/tms-restaurant-menu-v2.json', 'ubereats-menu', {}],
  ])('%s -> %s', async (file, formatId, params) => {
    const result = await initMapping({ input: path.join(SAMPLES, file) });
    expect(result.recognition?.format.id).toBe(formatId);
    if (result.recognition?.kind === 'table') expect(result.recognition.params).toEqual(params);
    const starter = parseMappingText(result.yaml, `${formatId}.yaml`);
    expect(starter.name).toBe(result.recognition?.format.mapping);
    for (const [key, value] of Object.entries(params)) expect(starter.parameters?.[key]?.default).toBe(value);
  });

  it('lists the other store of a two-store export in the starter', async () => {
    const result = await initMapping({
      input: path.join(SAMPLES, 'loyverse/bubbletea-mx-2stores-export_items.csv'),
      usage: INIT_USAGE,
    });
    expect(result.yaml).toContain('# Detected store = "Fubba Bubba" (also in the file: "Fubba 1")');
    expect(result.yaml).toContain('--mapping loyverse-items --param store="Fubba Bubba"');
  });
});

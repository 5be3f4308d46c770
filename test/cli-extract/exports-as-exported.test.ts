import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { samplesDir } from '../mappings/helpers.js';

// Issue 29 §2–§5 through the built CLI: exports as people really write them (the real samples of
// ../shared/pos-samples, skipped with a message when absent) and our own small files.

const odoo = samplesDir('odoo');
const loyverse = samplesDir('loyverse');
const sumup = samplesDir('sumup');
const ODOO_MALTA = path.join(odoo.dir, 'desibolt-malta-grocery-odoo-products.extracted.csv');
const PIZZERIA = path.join(loyverse.dir, 'pizzeria-es-export_items.csv');
const FUEL = path.join(loyverse.dir, 'it-fuelstation-export_items.csv');
const CRAFTS = path.join(sumup.dir, 'de-craftshop-items-export.csv');
const CAFE = path.join(REPO_ROOT, 'mappings/loyverse-items/fixtures/cafe-items-en.csv');

interface Menu {
  categories: { ext_id: string }[];
  products: {
    ext_id: string;
    name: string;
    hidden?: boolean;
    category_ext_id?: string;
    options?: { option_values?: { name: string; hidden?: boolean }[] }[];
  }[];
}

async function extract(mapping: string, input: string) {
  const r = await runCli(['extract', '--mapping', mapping, '--input', input]);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  return { ...r, menu: r.code === 0 ? (JSON.parse(r.stdout) as Menu) : undefined };
}

/** A copy of `file` with `edit` applied to its lines (the header is line 0). */
function editedCopy(file: string, edit: (lines: string[]) => void): string {
  const lines = readFileSync(file, 'utf8').split('\n');
  edit(lines);
  const copy = path.join(testTempDir('fidelity'), path.basename(file));
  writeFileSync(copy, lines.join('\n'));
  return copy;
}

/** Sets one cell of a simple CSV line (no quoted commas before `column`). */
function setCell(line: string, column: number, value: string): string {
  const cells = line.split(',');
  cells[column] = value;
  return cells.join(',');
}

describe('§2 Odoo POS exports without attribute columns, identified by their own ids', () => {
  it.skipIf(!odoo.present)(
    'maps the Maltese grocery (sample 20): no options, said once; ids from Barcode',
    async () => {
      const r = await extract('odoo-pos-products', ODOO_MALTA);
      expect(r.code).toBe(0);
      expect(r.menu?.products).toHaveLength(109);
      const absent = r.stderr.split('\n').filter((l) => l.includes('no column "Product Attributes/'));
      expect(absent).toEqual([
        'note: the export has no column "Product Attributes/Product Attribute Values" or "Product Attributes / Product Attribute Values": the products have no options from it (options[0])',
      ]);
      expect(r.stderr).toContain(
        'note: product ext_ids from "Barcode" for 106 products, from odoo-{slug(Name)} for 3 products',
      );
      // The two templates named "50/50 britannia 62g" are two products, each under its own barcode.
      const britannia = r.menu?.products.filter((p) => p.name === '50/50 britannia 62g').map((p) => p.ext_id);
      expect(britannia).toEqual(['8901063136694', '8901063136700']);
    },
  );

  it('prefers Internal Reference to the name on our own export, and says which it used', async () => {
    const csv = path.join(testTempDir('fidelity'), 'pos.csv');
    writeFileSync(
      csv,
      'Name,Internal Reference,Sales Price,Point of Sale Category,Available in POS\nTea,T-1,2.50,All / Drinks,True\nScone,,3.00,All / Bakery,True\n',
    );
    const r = await extract('odoo-pos-products', csv);
    expect(r.code).toBe(0);
    expect(r.menu?.products.map((p) => p.ext_id)).toEqual(['T-1', 'odoo-scone']);
    expect(r.stderr).toContain(
      'note: product ext_ids from "Internal Reference" for 1 product, from odoo-{slug(Name)} for 1 product',
    );
    expect(r.stderr).toContain('the products have no options from it');
  });
});

describe('§3 a condition on a flag reads it as the boolean transform does', () => {
  const csv = (available: string) =>
    `Name,Sales Price,Point of Sale Category,Available in POS\nTea,2.50,Drinks,1.0\nScone,3.00,Bakery,${available}\n`;
  const write = (available: string) => {
    const file = path.join(testTempDir('fidelity'), 'pos.csv');
    writeFileSync(file, csv(available));
    return file;
  };

  it('skips a product whose Available in POS is 0.0 (a pandas round trip), counted', async () => {
    const r = await extract('odoo-pos-products', write('0.0'));
    expect(r.code).toBe(0);
    expect(r.menu?.products.map((p) => p.name)).toEqual(['Tea']);
    expect(r.stderr).toContain('not available in the Point of Sale 1');
  });

  it('is a located bad-boolean error for a spelling no boolean has, exit 2', async () => {
    const file = write('0.5');
    const r = await extract('odoo-pos-products', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error bad-boolean: 1');
    expect(r.stderr).toContain(
      `${file}, row 3, column "Available in POS": skip[1] (not available in the Point of Sale): not a yes/no value: "0.5"`,
    );
  });

  it.skipIf(!odoo.present)('takes 0.0 on the real sample as not available, and 7 as an error', async () => {
    // Data rows: line 1 is " Bengan Bharta450g", line 2 " Biraghi grated granax 100g"; column 10.
    const copy = editedCopy(ODOO_MALTA, (lines) => {
      lines[1] = setCell(lines[1] ?? '', 10, '0.0');
    });
    const r = await extract('odoo-pos-products', copy);
    expect(r.code).toBe(0);
    expect(r.menu?.products).toHaveLength(108);
    expect(r.menu?.products.some((p) => p.name.includes('Bengan Bharta'))).toBe(false);
    const bad = editedCopy(ODOO_MALTA, (lines) => {
      lines[2] = setCell(lines[2] ?? '', 10, '7');
    });
    const refused = await extract('odoo-pos-products', bad);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('row 3, column "Available in POS"');
  });
});

describe('§4 availability belongs to the variant row that carries it', () => {
  // `…,Y,44000,,` ends a pizzeria row: `Disponibles para la venta [Pizzarella5020]`, its price, stock.
  const notForSale = (line: string) => line.replace(/,Y,(\d+),,$/, ',N,$1,,');

  it.skipIf(!loyverse.present)(
    'hides only the first size of BÁSICA (sample 5), not the product',
    async () => {
      const copy = editedCopy(PIZZERIA, (lines) => {
        lines[2] = notForSale(lines[2] ?? '');
      });
      const r = await extract('loyverse-items', copy);
      expect(r.code).toBe(0);
      const basica = r.menu?.products.find((p) => p.ext_id === 'basica');
      expect(basica?.hidden).toBeUndefined();
      expect(basica?.options?.[0]?.option_values?.map((v) => [v.name, v.hidden])).toEqual([
        ['EXT FAM', true],
        ['FAM (40CM)', false],
        ['MED (30CM)', false],
        ['PEQ (24CM)', false],
      ]);
    },
  );

  it.skipIf(!loyverse.present)('hides the product when none of its sizes is for sale', async () => {
    const copy = editedCopy(PIZZERIA, (lines) => {
      for (const i of [2, 3, 4, 5]) lines[i] = notForSale(lines[i] ?? '');
    });
    const r = await extract('loyverse-items', copy);
    expect(r.menu?.products.find((p) => p.ext_id === 'basica')?.hidden).toBe(true);
    expect(r.menu?.products.find((p) => p.ext_id === 'agua')?.hidden).toBeUndefined();
  });

  it('hides a one-row item not for sale in the store, on our own export', async () => {
    const r = await runCli([
      'extract',
      '--mapping',
      'loyverse-items',
      '--input',
      CAFE,
      '--param',
      'store=Harbour',
    ]);
    const menu = JSON.parse(r.stdout) as Menu;
    expect(menu.products.find((p) => p.ext_id === 'chai-latte')?.hidden).toBe(true);
    expect(menu.products.find((p) => p.ext_id === 'espresso')?.hidden).toBeUndefined();
  });
});

describe('§5 every product reachable', () => {
  it('refuses a mapping without a category at load, naming the fix, exit 2', async () => {
    const dir = testTempDir('fidelity');
    const mapping = path.join(dir, 'm.yaml');
    writeFileSync(
      mapping,
      'version: 1\nname: flat\ntitle: Flat\ndescription: No category.\nsources: { items: {} }\nkind: table\ntable:\n  source: items\n  product: { ext_id: "{Code}", name: "{Name}" }\n',
    );
    const input = path.join(dir, 'items.csv');
    writeFileSync(input, 'Code,Name\na,Tea\n');
    for (const command of ['extract', 'validate']) {
      const r = await runCli([command, '--mapping', mapping, '--input', input]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        `${mapping}:8: table: no category: every product needs one on the platform; add \`category:`,
      );
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('warns, located, for an item sold by weight in our own export, and keeps it visible', async () => {
    const r = await extract('loyverse-items', CAFE);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning per-unit-price: 1');
    expect(r.stderr).toContain(
      `${path.relative(REPO_ROOT, CAFE)}, row 11, column "Sold by weight": product "House Blend Beans, 250g" is sold by weight`,
    );
    expect(r.menu?.products.find((p) => p.name === 'House Blend Beans, 250g')?.hidden).toBeUndefined();
  });

  it('hides such an item when a copy of the mapping says hide: true', async () => {
    const dir = testTempDir('fidelity');
    const shipped = readFileSync(path.join(REPO_ROOT, 'mappings/loyverse-items/mapping.yaml'), 'utf8');
    const copy = path.join(dir, 'loyverse.yaml');
    writeFileSync(
      copy,
      shipped.replace('in: [true], optional: true }', 'in: [true], optional: true }\n      hide: true'),
    );
    const r = await extract(copy, CAFE);
    expect(r.code).toBe(0);
    expect(r.menu?.products.find((p) => p.name === 'House Blend Beans, 250g')?.hidden).toBe(true);
    expect(r.stderr).toContain('the platform sells it per item: hidden');
  });

  it.skipIf(!loyverse.present)(
    'warns for the 3 items sold by weight of the fuel station (sample 7)',
    async () => {
      const r = await extract('loyverse-items', FUEL);
      expect(r.stderr).toContain('warning per-unit-price: 3');
      expect(r.stderr).toContain('row 389, column "Sold by weight": product "OLIO SFUSO" is sold by weight');
    },
  );

  it.skipIf(!sumup.present)('warns for the 6 ribbons sold by the metre (sample 13)', async () => {
    const r = await extract('sumup-items', CRAFTS);
    expect(r.stderr).toContain('warning per-unit-price: 6');
    expect(r.stderr).toContain(
      'row 166, column "Unit": product "Dekoband Fisch I/Zur Konfirmation 15 mm, weiss" is sold by a unit of measure',
    );
  });
});

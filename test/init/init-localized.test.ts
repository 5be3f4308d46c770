import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initMapping } from '../../src/init/index.js';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { REPO_ROOT } from '../helpers/run-cli.js';

// Starters for exports no shipped mapping knows, used without edits:
// - fixtures/italian/articoli.csv: Windows-1252, `;`, Italian headers, variant rows below their
//   product (empty Codice articolo, the variant's name in Descrizione, its price in Prezzo variante);
// - fixtures/clover-like/inventory.xlsx: a Clover-style workbook, sheets Items, Categories and
//   Modifier Groups; Items has both Clover ID and SKU, and a Hidden column.

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'menusync-init-localized-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function starterFor(fixture: string) {
  const input = path.join(REPO_ROOT, fixture);
  const out = path.join(tmp, `${path.basename(fixture)}.yaml`);
  const result = await initMapping({ input, out });
  await writeFile(out, result.yaml);
  return { result, extracted: await extractMenu({ mapping: out, inputs: [input] }) };
}

describe('init on an Italian export', () => {
  it('names items from Descrizione, files them under Reparto and hides the ones not Attivo', async () => {
    const { result, extracted } = await starterFor('fixtures/italian/articoli.csv');
    expect(result.recognition).toBeUndefined();
    expect(extracted.issues).toEqual([]);
    expect(extracted.menu.categories.map((c) => c.name)).toEqual([
      'Pizze',
      'Caffetteria',
      'Bevande',
      'Dolci',
    ]);
    expect(
      extracted.menu.products.map((p) => [p.ext_id, p.name, p.category_ext_id, p.price, p.hidden]),
    ).toEqual([
      ['1001', 'Margherita', 'cat-pizze', 7.5, false],
      ['1002', 'Caffè', 'cat-caffetteria', 1.2, false],
      ['1003', 'Pizza al taglio', 'cat-pizze', 4, false],
      ['1004', 'Birra artigianale', 'cat-bevande', 5, true],
      ['1005', 'Tiramisù', 'cat-dolci', 4.5, false],
      ['1006', 'Acqua frizzante 0,5 l', 'cat-bevande', 1.5, false],
    ]);
  });

  it('reads the rows below a product as its variants, priced from Prezzo variante', async () => {
    const { extracted } = await starterFor('fixtures/italian/articoli.csv');
    const slice = extracted.menu.products.find((p) => p.ext_id === '1003');
    expect(slice?.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Piccola', 0],
      ['Grande', 2.5],
    ]);
  });

  it('says in its comments what it chose, and why', async () => {
    const { result } = await starterFor('fixtures/italian/articoli.csv');
    expect(result.yaml).toContain('a product per row, its variants on the rows below it');
    expect(result.yaml).toContain('group: { by: continuation, start: { column: "Codice articolo" } }');
    expect(result.yaml).toContain('ext_id: { column: "Codice articolo" } # GUESS');
    expect(result.yaml).toMatch(/name: \{ column: "Descrizione" \} # GUESS: no column is called a name/);
    expect(result.yaml).toContain(
      'hidden: { column: "Attivo", transforms: [{ boolean: { invert: true } }] } # GUESS: yes = on sale',
    );
    expect(result.yaml).not.toContain('TODO');
    expect(result.yaml).not.toContain('one product per row');
  });
});

describe('init on a Clover-style workbook', () => {
  it('takes Clover ID over SKU, and Hidden as the hidden flag', async () => {
    const { result, extracted } = await starterFor('fixtures/clover-like/inventory.xlsx');
    expect(result.yaml).toContain('sheet: "Items"');
    expect(result.yaml).toContain(
      '# This starter reads sheet "Items"; the workbook also has "Categories", "Modifier Groups", not mapped.',
    );
    expect(result.yaml).toContain('ext_id: { column: "Clover ID" } # GUESS');
    expect(result.yaml).toContain(
      'hidden: { column: "Hidden", transforms: [boolean] } # GUESS: yes = hidden',
    );
    expect(
      extracted.menu.products.map((p) => [p.ext_id, p.name, p.category_ext_id, p.price, p.hidden]),
    ).toEqual([
      ['K1A2B3C4D5E6F', 'Flat White', 'cat-coffee', 3.8, false],
      ['K1A2B3C4D5E6G', 'Espresso', 'cat-coffee', 2.4, false],
      ['K1A2B3C4D5E6H', 'Seasonal Latte', 'cat-coffee', 4.5, true],
      ['K1A2B3C4D5E6J', 'Lemon Cake', 'cat-bakery', 3.2, false],
      ['K1A2B3C4D5E6K', 'Open Price Item', 'cat-misc', undefined, true],
    ]);
    // The open-price item has no price in the export: said, not invented.
    expect(extracted.issues.map((i) => [i.code, i.severity, i.location.row])).toEqual([
      ['missing-value', 'warning', 6],
    ]);
  });
});

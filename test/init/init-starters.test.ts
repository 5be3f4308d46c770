import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initMapping } from '../../src/init/index.js';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';

// `menusync init` (the built CLI, a child process) on exports no format.yaml recognizes: a starter
// for an unknown JSON shape, and a table starter that names what it left unread. Our own fixtures.

const WEBSHOP = path.join(REPO_ROOT, 'fixtures/init/webshop-menu.json');
const KASSE = path.join(REPO_ROOT, 'fixtures/init/kasse-artikel.csv');

describe('menusync init on an unknown JSON export', () => {
  it('writes a document starter from the arrays that look like products, groups and options, each guess located', async () => {
    const out = path.join(testTempDir('init-json'), 'webshop.yaml');
    const result = await runCli(['init', '--input', WEBSHOP, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('format not recognized: wrote a generic mapping with guessed paths');
    const yaml = await readFile(out, 'utf8');
    expect(yaml).toContain(
      '# GUESS: products are the 3 records at $.sections[*].dishes[*] (first at $.sections[0].dishes[0]),',
    );
    expect(yaml).toContain('#   read as id "dishId", name "title", price "price".');
    expect(yaml).toContain('# GUESS: their categories are the records that hold them, at $.sections[*]');
    expect(yaml).toContain('#   $.openingHours[*]: 2 records (keys: day, from, to)');

    const extracted = await extractMenu({ mapping: out, inputs: [WEBSHOP] });
    expect(extracted.issues).toEqual([]);
    expect(extracted.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      ['s-pizza', 'Pizza'],
      ['s-drinks', 'Drinks'],
    ]);
    const margherita = extracted.menu.products.find((p) => p.ext_id === 'd-margherita');
    expect(margherita).toMatchObject({ name: 'Margherita', price: 9.5, category_ext_id: 's-pizza' });
    expect(margherita?.options?.map((o) => [o.ext_id, o.option_values?.map((v) => v.name)])).toEqual([
      ['sizes', ['Small', 'Large']],
      ['g-toppings', ['Olives', 'Ham']],
    ]);
    expect(extracted.menu.products.find((p) => p.ext_id === 'd-marinara')?.hidden).toBe(true);
  });

  it('still stops with exit 2 and the top-level keys when no array holds named records', async () => {
    const dir = testTempDir('init-json');
    const input = path.join(dir, 'settings.json');
    await writeFile(input, JSON.stringify({ shop: 'x', hours: [{ day: 'Mon' }] }));
    const result = await runCli(['init', '--input', input]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no known JSON menu format has this shape \(keys: shop, hours\)/);
    expect(result.stdout).toBe('');
  });
});

describe('initMapping on a flat JSON list of products', () => {
  it('makes one category per value of their category key, and the rest Uncategorized', async () => {
    const dir = testTempDir('init-json');
    const input = path.join(dir, 'export.json');
    await writeFile(
      input,
      JSON.stringify({
        data: [
          { id: 7, name: 'Espresso', price: 2.1, category: 'Coffee' },
          { id: 8, name: 'Latte', price: 3.4, category: 'Coffee' },
          { id: 9, name: 'Scone', price: 2.9 },
        ],
      }),
    );
    const out = path.join(dir, 'export.yaml');
    const { yaml, starter } = await initMapping({ input, out });
    expect(starter).toBe('document');
    await writeFile(out, yaml);
    const extracted = await extractMenu({ mapping: out, inputs: [input] });
    expect(extracted.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(extracted.menu.categories.map((c) => c.name)).toEqual(['Coffee', 'Uncategorized']);
    expect(extracted.menu.products.map((p) => [p.ext_id, p.category_ext_id])).toEqual([
      ['7', 'cat-coffee'],
      ['8', 'cat-coffee'],
      ['9', 'uncategorized'],
    ]);
  });
});

describe('menusync init on an unknown table', () => {
  it('names every column it could not place, and warns that size and option columns are not set up', async () => {
    const result = await runCli(['init', '--input', KASSE]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('format not recognized: wrote a generic mapping with guessed columns');
    expect(result.stderr).toContain('warning: 3 column(s) no rule reads: "Größe", "Extras", "Bemerkung"');
    expect(result.stderr).toContain(
      'warning: "Größe", "Extras" look like sizes or options, but the starter sets up none',
    );
    expect(result.stdout).toContain(
      '# Columns no rule below reads (3); map each, or leave it out knowingly:',
    );
    expect(result.stdout).toContain('#   "Größe" "Extras" "Bemerkung"');
    expect(result.stdout).toContain('# WARNING: "Größe", "Extras" look like sizes or options');
  });
});

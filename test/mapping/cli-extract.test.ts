import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';

// The built CLI (npm test builds first) in a real child process.
const FIXTURE = path.join(REPO_ROOT, 'mappings/square-item-library/fixtures/item-library.csv');
const tmp = () => testTempDir('extract');

describe('menusync extract', () => {
  it('prints the canonical menu JSON on stdout and a summary with grouped problems on stderr', async () => {
    const r = await runCli(['extract', '--mapping', 'square-item-library', '--input', FIXTURE]);
    expect(r.code).toBe(0);
    const menu = JSON.parse(r.stdout) as { categories: unknown[]; products: unknown[] };
    expect(menu.categories).toHaveLength(4);
    expect(menu.products).toHaveLength(7);
    expect(r.stderr).toContain(
      '12 rows -> 4 categories, 7 products, 2 options, 5 option values; skipped 2 (archived 1, not-sellable 1); 3 warnings, 0 errors',
    );
    expect(r.stderr).toContain('warning unknown-reference: 2');
    expect(r.stderr).toContain('warning bad-price: 1');
    expect(r.stderr).toContain('has no price: hidden (unpriced: hide)');
    expect(r.stderr).toContain('item-library.csv, row 6, column "Price": ');
  });

  it('writes to --out and keeps stdout empty', async () => {
    const out = path.join(tmp(), 'menu.json');
    const r = await runCli(['extract', '--mapping', 'square-item-library', '--input', FIXTURE, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect((JSON.parse(readFileSync(out, 'utf8')) as { products: unknown[] }).products).toHaveLength(7);
  });

  it('exits 2 on data errors, writes nothing, and lists every problem under its count', async () => {
    const dir = tmp();
    const input = path.join(dir, 'prices.csv');
    const rows = Array.from({ length: 25 }, (_, i) => `Item ${i},abc`);
    writeFileSync(input, ['Name,Price', ...rows].join('\n'));
    const mapping = path.join(dir, 'm.yaml');
    writeFileSync(
      mapping,
      `version: 1
name: prices
title: Prices
description: Names and prices.
sources: { items: {} }
kind: table
table:
  source: items
  product: { ext_id: "{slug(Name)}", name: "{Name}", price: { column: Price, transforms: [money] } }
  category: { name: { value: Menu } }
`,
    );
    const out = path.join(dir, 'menu.json');
    const r = await runCli(['extract', '--mapping', mapping, '--input', input, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
    expect(r.stderr).toContain('error bad-price: 25');
    for (let i = 0; i < 25; i++) expect(r.stderr).toContain(`prices.csv, row ${i + 2}, column "Price": `);
    expect(r.stderr).not.toContain('more');
    expect(r.stderr).toContain(`nothing written to ${out}`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it.each([
    [['--mapping', 'no-such-pos', '--input', FIXTURE], /no shipped mapping named "no-such-pos"/],
    [['--mapping', 'square-item-library', '--input', '/nonexistent/file.csv'], /nonexistent/],
    [
      ['--mapping', 'square-item-library', '--input', FIXTURE, '--param', 'store=x'],
      /has no parameter "store"/,
    ],
    [['--mapping', 'square-item-library', '--input', FIXTURE, '--input', FIXTURE], /reads 1 input/],
  ])('fails with exit 2 and one clear message, no stack trace: %j', async (args, message) => {
    const r = await runCli(['extract', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('menusync validate', () => {
  it('accepts a shipped mapping, alone and with its fixture', async () => {
    const alone = await runCli(['validate', '--mapping', 'square-item-library']);
    expect(alone.code).toBe(0);
    expect(alone.stderr).toContain('mapping square-item-library');
    const withData = await runCli(['validate', '--mapping', 'square-item-library', '--input', FIXTURE]);
    expect(withData.code).toBe(0);
    expect(withData.stdout).toBe('');
    expect(withData.stderr).toContain('7 products');
  });

  it('lists every problem of a broken mapping with file:line and exits 2', async () => {
    const file = path.join(tmp(), 'broken.yaml');
    writeFileSync(
      file,
      'version: 1\nname: Bad Name\ntitle: t\ndescription: d\nsources: { a: {} }\nkind: table\ntable:\n  source: a\n  product: { ext_id: "{X", name: N }\n',
    );
    const r = await runCli(['validate', '--mapping', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}:2: name:`);
    expect(r.stderr).toContain(`${file}:9: table.product.ext_id: unclosed "{"`);
  });
});

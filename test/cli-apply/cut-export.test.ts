import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shopifyExport } from '../helpers/shopify-export.js';
import { startWorld, type CliWorld } from './fixture.js';

// Issue 11 item 2: a Shopify export whose last line was cut right after the Title applied with 0
// warnings and exit 0, and the live product lost its price, description and category.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

const apply = (input: string) => [
  'apply',
  '--mapping',
  'shopify-products',
  '--input',
  input,
  '--state',
  w.stateDir,
  '--max-attempts',
  '1',
  '--yes',
];

describe('a Shopify export whose last line was cut after the Title', () => {
  it('blocks apply with exit 3, names file, row and column, and leaves the live product as it was', async () => {
    const full = await w.writeExport('products.csv', shopifyExport(30));
    const first = await w.run(apply(full));
    expect(first.code, first.stderr).toBe(0);
    const sent = w.imports();
    const live = () => w.sandbox.exportMenu(w.clientId).products.find((p) => p.ext_id === 'cake-30');
    const before = live();
    expect(before).toMatchObject({ price: 10.5, description: 'Cake number 30, baked daily.' });
    expect(before?.category_ext_id).toBeDefined();

    const cut = await w.writeExport('products-cut.csv', shopifyExport(30, { cutLast: true }));
    const result = await w.run(apply(cut));
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.code, output).toBe(3);
    expect(w.imports()).toBe(sent);
    // 30 products, every third with a second row: the last product's head is physical row 40.
    expect(output).toContain(
      `${path.basename(cut)}, row 40, column "Body (HTML)": the row ends after column "Title" (2 of 41 cells): it was cut`,
    );
    expect(output).toContain('[malformed-row]');
    expect(output).toContain('blocked: 1 extraction error');
    expect(output).toContain('nothing was sent');
    expect(output).not.toMatch(/\n\s+at /);
    expect(live()).toEqual(before);
  });

  it('blocks a first apply too (no baseline to compare with), sending nothing', async () => {
    const cut = await w.writeExport('products-cut.csv', shopifyExport(5, { cutLast: true }));
    const result = await w.run(apply(cut));
    expect(result.code, result.stderr).toBe(3);
    expect(w.imports()).toBe(0);
  });

  it('still applies the same export uncut, with no warning', async () => {
    const result = await w.run([
      'plan',
      '--mapping',
      'shopify-products',
      '--input',
      await w.writeExport('p.csv', shopifyExport(5)),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('0 warnings, 0 errors');
    expect(result.stderr).not.toMatch(/\[(malformed-row|missing-value)\]/);
  });
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

// What a manager's report says after a small change to a big menu: real CLI children against the
// real sandbox. A removal renumbers every product below it; none of that is a change they see.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

/** menuCsv(200) without item-50 (its category's later products all get a new position number). */
function withoutProduct50(csv: string): string {
  return csv
    .split('\n')
    .filter((line) => !line.startsWith('item-50,'))
    .join('\n');
}

interface Counts {
  add: number;
  update: number;
  remove: number;
  keep: number;
  reorder?: number;
  moved?: number;
}

describe('a report shows what a customer would notice', () => {
  it('reports the removal of 1 product among 200 as 1 removal and at most 1 order line', async () => {
    expect((await w.run(w.args('apply', await w.writeExport('v1.csv', menuCsv(200)), '--yes'))).code).toBe(0);
    const input = await w.writeExport('v2.csv', withoutProduct50(menuCsv(200)));
    const html = path.join(w.dir, 'plan.html');
    const text = await w.run(w.args('plan', input, '--out-html', html));
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines.filter((line) => /^\s*- product/.test(line))).toEqual(['- product item-50 "Item 50"']);
    expect(lines.filter((line) => /^\s*~ /.test(line))).toEqual([]);
    expect(lines.filter((line) => line.includes('order:')).length).toBeLessThanOrEqual(1);
    expect(text.stdout).not.toContain('position');
    expect(lines[0]).toBe('- 1 product');

    const json = await w.run(w.args('plan', input, '--json'));
    const report = JSON.parse(json.stdout) as { counts: { products: Counts }; mode: string };
    expect(report.mode).toBe('replace');
    // The products below item-50 in its category are sent renumbered, not counted as changed.
    expect(report.counts.products).toMatchObject({ add: 0, update: 0, remove: 1 });
    expect(report.counts.products.reorder).toBeGreaterThan(0);
    expect(report.counts.products.moved).toBeUndefined();

    const page = await readFile(html, 'utf8');
    expect(page).toContain('<title>menusync plan: - 1 product</title>');
    expect(page).not.toContain('<h2>Changed');
  });

  it('lists a price change first and says in one line which products changed place', async () => {
    expect((await w.run(w.args('apply', await w.writeExport('v1.csv', menuCsv(30)), '--yes'))).code).toBe(0);
    const rows = menuCsv(30).trimEnd().split('\n');
    const [head, ...body] = rows;
    // item-3 goes to the end of its category; item-7 costs one more; item-9 is removed.
    const moved = body.filter((line) => line.startsWith('item-3,'));
    const rest = body
      .filter((line) => !line.startsWith('item-3,') && !line.startsWith('item-9,'))
      .map((line) => (line.startsWith('item-7,') ? line.replace(',2.70,', ',3.70,') : line));
    const input = await w.writeExport('v2.csv', [head, ...rest, ...moved, ''].join('\n'));

    const text = await w.run(w.args('apply', input, '--yes'));
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toBe('~ 1 product  - 1 product  order: 1 product moved');
    expect(lines[2]).toBe('~ product item-7 "Item 7": price 2.70 -> 3.70');
    expect(lines.filter((line) => line.startsWith('order:'))).toEqual(['order: 1 product moved (item-3)']);
    // The platform holds the new order: item-3 last among its category's products.
    const live = w.sandbox.exportMenu(w.clientId);
    const category = live.products.find((p) => p.ext_id === 'item-3')?.category_ext_id;
    const order = live.products
      .filter((p) => p.category_ext_id === category)
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
      .map((p) => p.ext_id);
    expect(order.at(-1)).toBe('item-3');
  });

  it('never heads a plan that changes the live menu "no changes"', async () => {
    const input = await w.writeExport('v1.csv', menuCsv(12));
    expect((await w.run(w.args('apply', input, '--yes'))).code).toBe(0);
    w.sandbox.tamper(w.clientId, { addHandmadeCategory: 'Specials' });
    const html = path.join(w.dir, 'plan.html');
    const text = await w.run(w.args('plan', input, '--out-html', html));
    expect(text.code, text.stderr).toBe(0);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('<h1>Menu plan: - 1 category on the live menu</h1>');
    expect(page).not.toMatch(/<h1>[^<]*no changes/);
  });
});

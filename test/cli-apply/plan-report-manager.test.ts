import { readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localTime } from '../../src/report/headline.js';
import { DEMO_MAPPING, menuCsv, startWorld, type CliWorld } from './fixture.js';

// The dry-run report a manager gets before a risky change: when it was made, from which export
// (and how old that file is), each product's category, and prices in their currency.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

describe("the manager's plan report", () => {
  it('names the time, the export and its age, categories and the currency', async () => {
    const mapping = path.join(w.dir, 'euro-mapping.yaml');
    const demo = await readFile(DEMO_MAPPING, 'utf8');
    await writeFile(mapping, demo.replace('\nkind: table\n', '\nmoney: { currency: EUR }\nkind: table\n'));
    const withEuros = (args: string[]) => args.map((a) => (a === DEMO_MAPPING ? mapping : a));
    const first = await w.run(withEuros(w.args('apply', await w.writeExport('v1.csv', menuCsv(6)), '--yes')));
    expect(first.code, first.stderr).toBe(0);

    const changed = menuCsv(6)
      .replace('item-1,Item 1,Tea,,,2.10,', 'item-1,Item 1,Tea,,,2.35,')
      .replace(/^item-6,.*\n/m, '');
    const input = await w.writeExport('v2.csv', changed);
    const modified = new Date('2026-11-28T23:10:05Z');
    await utimes(input, modified, modified);
    const md = path.join(w.dir, 'plan.md');
    const html = path.join(w.dir, 'plan.html');
    const before = Date.now();
    const planned = await w.run(withEuros(w.args('plan', input, '--out-md', md, '--out-html', html)));
    expect(planned.code, planned.stderr).toBe(0);

    const markdown = await readFile(md, 'utf8');
    const time = /^\*\*Time:\*\* (.+?) {2}$/m.exec(markdown)?.[1];
    expect(time, markdown).toBeDefined();
    expect(Math.abs(Date.parse(time!.replace(' ', 'T').replace(' ', '')) - before)).toBeLessThan(60_000);
    expect(markdown).toContain(`**Export:** ${input} (modified ${localTime(modified.toISOString())})  `);
    expect(markdown).toContain(
      '- product **item-1** "Item 1" (in category "Tea"): price 2.10 EUR → 2.35 EUR',
    );
    expect(markdown).toContain('- product **item-6** "Item 6" (in category "Coffee")');

    const page = await readFile(html, 'utf8');
    expect(page).toContain(
      `<p class="muted">Export: ${input} (modified ${localTime(modified.toISOString())})</p>`,
    );
    expect(page).toMatch(
      /<td>item-1<\/td><td dir="auto">Item 1<\/td><td>category &quot;Tea&quot;<\/td><td>price<\/td><td>2\.10 EUR<\/td><td class="up">2\.35 EUR ▲<\/td>/,
    );
  });
});

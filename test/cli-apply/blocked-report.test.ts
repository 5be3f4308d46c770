import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

// A blocked run's report goes to a manager who did not see the terminal: it says what blocked it
// (the bad row) and words what it did not do as what it would have done.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

describe('the report of a run blocked by a bad row', () => {
  it('names the row, and its removals and changes read as "would"', async () => {
    expect((await w.run(w.args('apply', await w.writeExport('v1.csv', menuCsv(6)), '--yes'))).code).toBe(0);
    // Two products gone (a replace would remove them) and one price that is not a price.
    const bad = menuCsv(4).replace('item-2,Item 2,Bakery,,,2.20,', 'item-2,Item 2,Bakery,,,2.x0,');
    const md = path.join(w.dir, 'blocked.md');
    const html = path.join(w.dir, 'blocked.html');
    const result = await w.run(
      w.args('apply', await w.writeExport('v2.csv', bad), '--yes', '--out-md', md, '--out-html', html),
    );
    expect(result.code, result.stderr).toBe(3);
    const cause = `First error: ${path.join(w.dir, 'v2.csv')}, row 3, column "Price": variants.value.price of "Item 2": not a price: "2.x0"`;
    expect(result.stdout).toContain(cause);

    const markdown = await readFile(md, 'utf8');
    expect(markdown).toContain(`> ${cause.replace(/_/g, '\\_')}`);
    expect(markdown).toMatch(/^### Would remove \(2\)$/m);
    expect(markdown).not.toMatch(/^### (Removed|Changed|Added) /m);

    const page = await readFile(html, 'utf8');
    expect(page).toContain(`<br>${cause.replace(/"/g, '&quot;')}`);
    expect(page).toContain('<h2>Would remove (2)</h2>');
    expect(page).not.toContain('<h2>Removed');
  });
});

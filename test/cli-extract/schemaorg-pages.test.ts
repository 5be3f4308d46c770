import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { samplesDir } from '../mappings/helpers.js';

// A menu spread over several pages (issue 29 §1): Jinbeh's six JSON-LD blocks (sample 18) given as
// six inputs of one run become one menu, through the built CLI.

const { dir, present } = samplesDir('schemaorg/jinbeh');
const pages = present
  ? readdirSync(dir)
      .filter((name) => name.endsWith('.ld.json'))
      .sort()
      .map((name) => path.join(dir, name))
  : [];

interface Menu {
  categories: { ext_id: string; name: string; position: number }[];
  products: { ext_id: string; category_ext_id: string; name: string; price?: number; hidden?: boolean }[];
}

describe.skipIf(!present)('Jinbeh Lewisville, six pages of one menu', () => {
  it('maps the six pages into one menu of 9 sections and 64 items, each in its own section', async () => {
    expect(pages).toHaveLength(6);
    const r = await runCli([
      'extract',
      '--mapping',
      'schemaorg-menu',
      ...pages.flatMap((p) => ['--input', p]),
    ]);
    expect(r.code, r.stderr).toBe(0);
    const menu = JSON.parse(r.stdout) as Menu;
    expect(menu.categories.map((c) => [c.name, c.position])).toEqual([
      ['Appetizers', 1],
      ['Cocktails & Sake', 2],
      ['Hibachi', 3],
      ['Hibachi Teppanyaki', 4],
      ['Sushi & Sashimi', 5],
      ['Lunch Specials', 6],
      ['Drinks & Sake', 7],
      ['Sashimi', 8],
      ['Sushi Rolls', 9],
    ]);
    expect(menu.products).toHaveLength(64);
    expect(r.stderr).not.toContain('fallback');
    const roll = menu.products.find((p) => p.name === 'Yellowtail Jalapeño Roll');
    expect(roll).toMatchObject({
      category_ext_id: 'sushi-rolls-menu-jinbeh-lewisville/sushi-rolls',
      price: 16.95,
    });
    // The menu page's 18 items carry no offer, and "Omakase Selection" is priced "0" (market
    // price): none goes live sellable at no price, and each is said at its own file.
    const hidden = menu.products.filter((p) => p.hidden === true);
    expect(hidden).toHaveLength(19);
    expect(r.stderr).toMatch(
      /lewisville-sashimi\.ld\.json, \$\.hasMenuSection\.hasMenuItem\[6\]: product "Omakase Selection"/,
    );
  });

  it('refuses the same page given twice: every product of the second copy is a located error, exit 2', async () => {
    const page = pages.find((p) => p.endsWith('lewisville-cocktails.ld.json')) ?? '';
    const r = await runCli(['extract', '--mapping', 'schemaorg-menu', '--input', page, '--input', page]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error duplicate-ext-id: 5');
    expect(r.stderr).toContain('appears again (given by an earlier input); left out');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

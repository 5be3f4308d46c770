import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { samplesDir } from '../mappings/helpers.js';
import { testTempDir } from '../helpers/temp-dir.js';

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

/** One run over the pages, in order; it must succeed. */
async function extractPages(inputs: string[]): Promise<{ r: CliResult; menu: Menu }> {
  const r = await runCli([
    'extract',
    '--mapping',
    'schemaorg-menu',
    ...inputs.flatMap((p) => ['--input', p]),
  ]);
  expect(r.code, r.stderr).toBe(0);
  return { r, menu: JSON.parse(r.stdout) as Menu };
}

describe.skipIf(!present)('Jinbeh Lewisville, six pages of one menu', () => {
  it('maps the six pages into one menu of 9 sections and 64 items, each in its own section', async () => {
    expect(pages).toHaveLength(6);
    const { r, menu } = await extractPages(pages);
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

/** A page as Next.js renders Jinbeh's: the block's JSON in a script tag among the page's HTML. */
function asHtmlPage(block: string, folder: string, name: string): string {
  const file = path.join(folder, name);
  writeFileSync(
    file,
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Jinbeh</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Restaurant","name":"Jinbeh"}</script>
</head><body><main><h1>Menu</h1><!-- <script type="application/ld+json">{"draft":</script> -->
<script type="application/ld+json">${block}</script><script>self.__next_f.push([1,"<script>"])</script>
</main></body></html>`,
  );
  return file;
}

describe.skipIf(!present)('Jinbeh pages read directly as HTML', () => {
  it('reads the JSON-LD blocks of HTML pages, mixed with a saved .json page, into one menu', async () => {
    const folder = testTempDir('schemaorg-html');
    const [appetizers, cocktails, ...rest] = pages;
    const inputs = [
      asHtmlPage(readFileSync(appetizers ?? '', 'utf8'), folder, 'appetizers.html'),
      asHtmlPage(readFileSync(cocktails ?? '', 'utf8'), folder, 'cocktails'), // saved without extension
      ...rest,
    ];
    const { r, menu } = await extractPages(inputs);
    expect(menu.categories).toHaveLength(9);
    expect(menu.products).toHaveLength(64);
    expect(menu.products.find((p) => p.name === 'Gyoza')).toMatchObject({
      category_ext_id: 'appetizers-menu-jinbeh-lewisville/appetizers',
      price: 8.95,
    });
    expect(r.stderr).toContain('(read as UTF-8; 2 ld+json blocks)');
  });

  it('lets init recognize a saved menu page of several blocks as schemaorg-menu', async () => {
    const folder = testTempDir('schemaorg-html');
    const file = asHtmlPage(readFileSync(pages[0] ?? '', 'utf8'), folder, 'appetizers.html');
    const r = await runCli(['init', '--input', file, '--out', path.join(folder, 'mapping.yaml')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toContain(
      'recognized schema.org Menu in JSON-LD (restaurant web site) (mapping schemaorg-menu)',
    );
  });

  it('refuses a page with no JSON-LD block in one line naming it, exit 2', async () => {
    const file = path.join(testTempDir('schemaorg-html'), 'about.html');
    writeFileSync(file, '<!DOCTYPE html><html><body><h1>About us</h1></body></html>');
    const r = await runCli([
      'extract',
      '--mapping',
      'schemaorg-menu',
      '--input',
      pages[0] ?? '',
      '--input',
      file,
    ]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${file} holds no <script type="application/ld+json"> block: nothing to read`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

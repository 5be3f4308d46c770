import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

// `plan --now` (and `apply --now`, the same run flags): a dated sale previewed before it starts.

const HEADER =
  'ID,Type,SKU,Name,Published,Visibility in catalog,Regular price,Sale price,Date sale price starts,Date sale price ends,Categories,Parent,Attribute 1 name,Attribute 1 value(s)';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'menusync-plan-now-'));
  // A sale in December 2126: outside it on any day this test runs, inside it on --now's date.
  await writeFile(
    path.join(dir, 'products.csv'),
    `${HEADER}\n301,simple,beanie,Beanie,1,visible,20,15,2126-12-01,2126-12-31,Hats,,,\n`,
  );
  await writeFile(path.join(dir, 'no-sale.csv'), `${HEADER}\n302,simple,cap,Cap,1,visible,12,,,,Hats,,,\n`);
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** An offline plan of `input` with the WooCommerce mapping, then `extra`. */
function plan(input: string, ...extra: string[]) {
  const args = [
    'plan',
    '--mapping',
    'woocommerce-products',
    '--input',
    input,
    '--state',
    'state',
    '--offline',
  ];
  return runCli([...args, ...extra], { cwd: dir });
}

describe('plan --now', () => {
  it('plans the sale price on the date --now gives, and says until when it runs', async () => {
    const result = await plan('products.csv', '--now', '2126-12-05', '--json');
    expect(result.stderr).toContain('sells at 15.00 from a sale until 2126-12-31 (regular price 20.00)');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { plan: { payload: { products: { price: number }[] } } };
    expect(report.plan.payload.products.map((p) => p.price)).toEqual([15]);
  });

  it("keeps the sale's note in the plan and shows it in the manager's Markdown and HTML reports", async () => {
    const reports = ['--out-json', 'report.json', '--out-md', 'report.md', '--out-html', 'report.html'];
    const result = await plan('products.csv', '--now', '2126-12-05', ...reports);
    expect(result.code).toBe(0);
    const json = JSON.parse(await readFile(path.join(dir, 'report.json'), 'utf8')) as {
      plan: { notes?: { code: string; message: string; location?: { file: string; row?: number } }[] };
    };
    expect(json.plan.notes).toHaveLength(1);
    expect(json.plan.notes?.[0]).toMatchObject({ code: 'sale-price' });
    expect(json.plan.notes?.[0]?.message).toContain('sale until 2126-12-31');
    const markdown = await readFile(path.join(dir, 'report.md'), 'utf8');
    expect(markdown).toContain('### Decided from the export (1)');
    expect(markdown).toMatch(/^- .*sale until 2126-12-31.*$/m);
    const html = await readFile(path.join(dir, 'report.html'), 'utf8');
    expect(html).toContain('<h2>Decided from the export (1)</h2>');
    expect(html).toMatch(/<li>[^<]*sale until 2126-12-31/);
  });

  it('leaves notes out of a plan whose extraction decided nothing on its own', async () => {
    const result = await runCli(
      [
        'plan',
        '--mapping',
        'woocommerce-products',
        '--input',
        'no-sale.csv',
        '--state',
        'state',
        '--offline',
        '--json',
      ],
      { cwd: dir },
    );
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { plan: { notes?: unknown } };
    expect(report.plan).not.toHaveProperty('notes');
  });
});

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_MENUS, type MarketMenu } from '../extract/market-encodings.js';
import { legacyBytes } from '../helpers/legacy-encode.js';
import { DEMO_MAPPING, startWorld, type CliWorld } from './fixture.js';

// Issue 28: exports as the POS systems of Moscow, Athens, Tel Aviv, Cairo, Bangkok, Warsaw,
// Istanbul, Tokyo, Shanghai, Taipei and Seoul write them, each written by Python's codecs.

const HEADER = 'Handle,Name,Category,Description,Size,Price,Available,"Modifier - ""Milk"""\n';

function demoExport(menu: MarketMenu): Buffer {
  const rows = menu.items.map(
    ([name, category], i) => `item-${i + 1},${name},${category},,,${i + 3}.50,Y,N\n`,
  );
  return legacyBytes(HEADER + rows.join(''), menu.codec);
}

const productNames = (stdout: string): string[] =>
  (JSON.parse(stdout) as { products: { name: string }[] }).products.map((product) => product.name);

describe.each(MARKET_MENUS)('a $encoding export', (menu) => {
  let w: CliWorld;
  let input: string;
  const names = menu.items.map(([name]) => name);
  beforeAll(async () => {
    w = await startWorld();
    input = path.join(w.dir, `${menu.encoding}.csv`);
    await writeFile(input, demoExport(menu));
  });
  afterAll(async () => {
    await w.close();
  });

  it('is detected with no flag, the summary line saying which and why', async () => {
    const result = await w.run(['extract', '--mapping', DEMO_MAPPING, '--input', input]);
    expect(result.code, result.stderr).toBe(0);
    expect(productNames(result.stdout)).toEqual(names);
    expect(result.stderr).toContain(`encoding ${menu.detected} (`);
    expect(result.stderr).toContain('0 warnings, 0 errors');
  });

  it(`is read with --encoding ${menu.label}`, async () => {
    const result = await w.run([
      'extract',
      '--mapping',
      DEMO_MAPPING,
      '--input',
      input,
      '--encoding',
      menu.label,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(productNames(result.stdout)).toEqual(names);
    expect(result.stderr).toContain('(set by --encoding)');
  });

  it('is applied to the sandbox and read back with the same names', async () => {
    const result = await w.run(w.args('apply', input, '--yes'));
    expect(result.code, result.stderr).toBe(0);
    const live = w.sandbox.exportMenu(w.clientId);
    expect(live.products.map((product) => product.name)).toEqual(names);
    expect(live.categories.map((category) => category.name)).toEqual([
      ...new Set(menu.items.map(([, c]) => c)),
    ]);
  });
});

describe('an export whose bytes do not tell its encoding', () => {
  let w: CliWorld;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(async () => {
    await w.close();
  });

  it('exits 2 naming the candidates, a cell decoded in each, and sends nothing', async () => {
    // One short Cyrillic word and no menu word: as plausible in several code pages.
    const input = path.join(w.dir, 'short.csv');
    await writeFile(input, legacyBytes(`${HEADER}item-1,Щи,Soups,,,3.50,Y,N\n`, 'cp1251'));
    const result = await w.run(w.args('apply', input, '--yes'));
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('cannot tell the encoding from its bytes');
    expect(result.stderr).toContain('windows-1251 (Russian');
    expect(result.stderr).toContain('"Щи"');
    expect(result.stderr).toContain('--encoding');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(w.imports()).toBe(0);

    const given = await w.run(w.args('apply', input, '--yes', '--encoding', 'windows-1251'));
    expect(given.code, given.stderr).toBe(0);
    expect(w.sandbox.exportMenu(w.clientId).products.map((product) => product.name)).toEqual(['Щи']);
  });
});

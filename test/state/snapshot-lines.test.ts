import fc from 'fast-check';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import type { ImportOption } from '../../src/model/import-payload.js';
import { plan } from '../../src/plan/index.js';
import { ProductJson } from '../../src/state/product-json.js';
import { readSnapshot, writeSnapshot } from '../../src/state/snapshot.js';
import { menuArb } from '../plan/arbitraries.js';
import { bigMenu, clone } from '../plan/menus.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'menusync-lines-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const envelope = { formatVersion: 2, appliedAt: 'x', mode: 'replace', runId: 'r1' } as const;
const options = { posUid: 'main', allowEmpty: true };
const file = () => path.join(dir, 'snapshot.json');

/** Products that share option objects, as extract builds modifier sets. */
function withSharedOptions(menu: CanonicalMenu): CanonicalMenu {
  // Frozen, as extract's shared set options are (ProductJson shares only frozen ones).
  const shared: ImportOption = Object.freeze({
    ext_id: 'set-milk',
    name: 'Milk',
    option_values: [{ ext_id: 'oat', price_operand: 0.5 }],
  });
  return { ...menu, products: menu.products.map((p) => ({ ...p, options: [...(p.options ?? []), shared] })) };
}

describe('snapshot with a product per line', () => {
  it('reads back the same baseline and plan whether unchanged lines are reused or parsed', async () => {
    const menus = fc.oneof(menuArb, menuArb.map(withSharedOptions));
    await fc.assert(
      fc.asyncProperty(menus, menus, async (baseline, desired) => {
        await writeSnapshot(dir, { ...envelope, menu: baseline });
        const parsed = await readSnapshot(dir);
        const reused = await readSnapshot(dir, { reuse: desired });
        expect(reused).toEqual(parsed);
        expect(plan(desired, reused!.menu, options)).toEqual(plan(desired, parsed!.menu, options));
      }),
      { numRuns: 150 },
    );
  });

  it('reuses the desired object for every unchanged line, after insertions, removals and changes', async () => {
    const baseline = withSharedOptions(bigMenu(30));
    await writeSnapshot(dir, { ...envelope, menu: baseline });
    const desired = withSharedOptions(bigMenu(30));
    desired.products.splice(10, 1); // removed
    desired.products.unshift({
      ext_id: 'NEW',
      name: 'New',
      category_ext_id: baseline.products[0]!.category_ext_id,
    });
    desired.products[20]!.price = 123; // changed
    const snapshot = await readSnapshot(dir, { reuse: desired });
    const same = snapshot!.menu.products.filter((p) => desired.products.includes(p));
    expect(same).toHaveLength(28); // 30 - the removed one - the changed one
    expect(snapshot!.menu).toEqual(baseline);
    const result = plan(desired, snapshot!.menu, options);
    expect(result).toEqual(plan(desired, clone(baseline), options));
    expect(result.counts.products).toEqual({ add: 1, update: 1, remove: 1, keep: 28 });
  });

  it('is one JSON document, a product per line, and refuses a truncated or edited file', async () => {
    const menu = bigMenu(3);
    await writeSnapshot(dir, { ...envelope, menu });
    const text = await readFile(file(), 'utf8');
    expect(text.split('\n')).toHaveLength(3 + 3); // head, 3 products, tail, final newline
    expect(JSON.parse(text)).toMatchObject({ formatVersion: 2, menu });

    await writeFile(file(), text.replace(/\n\]\}\}\n$/, '\n'));
    await expect(readSnapshot(dir)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('damaged'),
    });

    const lines = text.split('\n');
    lines[2] = lines[2]!.replace('"price":', '"price":1');
    await writeFile(file(), lines.join('\n'));
    await expect(readSnapshot(dir, { reuse: menu })).rejects.toMatchObject({ exitCode: 2 });

    await writeFile(file(), `${text}{"ext_id":"extra"}\n]}}\n`);
    await expect(readSnapshot(dir)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('damaged'),
    });

    lines[2] = '{not json},';
    await writeFile(file(), lines.join('\n'));
    await expect(readSnapshot(dir, { reuse: menu })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('line 3 is not valid JSON'),
    });
  });
});

describe('ProductJson', () => {
  it('writes the same bytes as JSON.stringify, options shared or not', () => {
    const record = fc.oneof(
      menuArb.map((m) => withSharedOptions(m).products).chain((ps) => fc.constantFrom(...ps, {})),
      fc.dictionary(fc.constantFrom('options', 'ext_id', 'b', '2', 'x y'), fc.jsonValue()),
    );
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 7 }), (records) => {
        const writer = new ProductJson();
        for (const r of records) expect(writer.json(r)).toBe(JSON.stringify(r));
      }),
      { numRuns: 300 },
    );
  });
});

describe('snapshot lines across read chunks', () => {
  it('reads back a multi-megabyte snapshot whose lines straddle the 1 MB reads, and an old one-line file', async () => {
    const menu = bigMenu(3000);
    for (const product of menu.products) product.description = `${product.ext_id} ${'é'.repeat(400)}`;
    await writeSnapshot(dir, { ...envelope, menu });
    expect((await readFile(file())).length).toBeGreaterThan(2_500_000);
    expect((await readSnapshot(dir))?.menu).toEqual(menu);
    const reused = await readSnapshot(dir, { reuse: menu });
    expect(reused?.menu.products.every((p, i) => p === menu.products[i])).toBe(true);
    // formatVersion 1: the whole menu on one line, read whole.
    const one = { formatVersion: 1, hash: reused!.hash, appliedAt: 'x', mode: 'replace', runId: 'r0', menu };
    await writeFile(file(), JSON.stringify(one));
    const old = await readSnapshot(dir);
    expect(old?.menu).toEqual(menu);
  });
});

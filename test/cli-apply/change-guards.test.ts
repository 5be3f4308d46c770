import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GuardBlock } from '../../src/plan/types.js';
import { postgresAvailable, schemaUrl, testSchema } from '../state/postgres-fixture.js';
import { startWorld, type CliWorld } from './fixture.js';

/** A demo-format export of products `from`..`to`, all shown or all hidden, prices times `scale`. */
function exportCsv(to: number, options: { from?: number; hidden?: boolean; scale?: number } = {}): string {
  const lines = ['Handle,Name,Category,Description,Size,Price,Available'];
  for (let i = options.from ?? 1; i <= to; i++) {
    const price = (2 + i / 10) * (options.scale ?? 1);
    lines.push(
      `item-${i},Item ${i},${['Coffee', 'Tea', 'Bakery'][i % 3]},,,${price.toFixed(2)},${options.hidden ? 'N' : 'Y'}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

interface JsonReport {
  outcome: string;
  blockedBy: GuardBlock[];
}

let w: CliWorld;
/** The state the runs use: the world's folder, or a PostgreSQL schema. */
let state: string;
beforeEach(async () => {
  w = await startWorld();
  state = w.stateDir;
});
afterEach(async () => {
  await w.close();
});

function args(command: 'plan' | 'apply', input: string, ...more: string[]): string[] {
  return w.args(command, input, ...more).map((arg) => (arg === w.stateDir ? state : arg));
}

async function applied(name: string, csv: string, ...more: string[]): Promise<void> {
  const result = await w.run(args('apply', await w.writeExport(name, csv), '--yes', ...more));
  expect(result.code, result.stderr).toBe(0);
}

function guardOf(stdout: string, guard: string): GuardBlock | undefined {
  return (JSON.parse(stdout) as JsonReport).blockedBy.find((block) => block.guard === guard);
}

describe('mass hiding', () => {
  it('blocks an export that hides all 200 products (exit 3, nothing sent); --allow-hiding lets it through', async () => {
    await applied('full.csv', exportCsv(200));
    const before = w.imports();
    const hidden = await w.writeExport('hidden.csv', exportCsv(200, { hidden: true }));
    const blocked = await w.run(args('apply', hidden, '--yes'));
    expect(blocked.code, blocked.stderr).toBe(3);
    expect(blocked.stderr).toMatch(/hide 200 products of 200 shown \(100%\).*--allow-hiding 200/);
    expect(blocked.stderr).toMatch(/use --allow-hiding if hiding those products is intended/);
    expect(w.imports()).toBe(before);
    const plan = await w.run(args('plan', hidden, '--json'));
    expect(plan.code).toBe(3);
    expect(guardOf(plan.stdout, 'mass-hiding')?.numbers).toEqual({
      hidden: 200,
      shownProducts: 200,
      limitCount: 10,
      limitPercent: 20,
    });
    await applied('hidden.csv', exportCsv(200, { hidden: true }), '--allow-hiding', '100%');
    expect(w.sandbox.exportMenu(w.clientId).products.every((p) => p.hidden === true)).toBe(true);
  });

  it('lets a few products go unavailable (under the limit) and takes the allowance from the config', async () => {
    await applied('full.csv', exportCsv(40));
    const few = exportCsv(40).replace(/,Y\n/g, (m, offset: number) => (offset < 300 ? ',N\n' : m));
    await applied('few.csv', few);
    const config = path.join(w.dir, 'menusync.config.yaml');
    await writeFile(config, 'targets:\n  shop:\n    guards:\n      allow_hiding: 100%\n');
    const allHidden = await w.writeExport('hidden.csv', exportCsv(40, { hidden: true }));
    const result = await w.run(args('plan', allHidden, '--config', config, '--target', 'shop'));
    expect(result.code, result.stderr).toBe(0);
    expect((await w.run(args('plan', allHidden, '--allow-hiding', 'most'))).code).toBe(2);
  });
});

describe('mass price change by a large factor', () => {
  it('blocks an export whose prices are all multiplied by 100 (cents); --allow-price-changes lets it through', async () => {
    await applied('units.csv', exportCsv(60));
    const cents = await w.writeExport('cents.csv', exportCsv(60, { scale: 100 }));
    const blocked = await w.run(args('apply', cents, '--yes', '--json'));
    expect(blocked.code, blocked.stderr).toBe(3);
    const block = guardOf(blocked.stdout, 'price-factor');
    expect(block?.numbers).toMatchObject({ changed: 60, pricedProducts: 60, factor: 10 });
    expect(block?.message).toMatch(/product item-1 2.1 -> 210/);
    expect(blocked.stderr).toMatch(/not cents\), and use --allow-price-changes/);
    expect(w.sandbox.exportMenu(w.clientId).products.find((p) => p.ext_id === 'item-1')?.price).toBe(2.1);
    await applied('cents.csv', exportCsv(60, { scale: 100 }), '--allow-price-changes', '60');
    expect(w.sandbox.exportMenu(w.clientId).products.find((p) => p.ext_id === 'item-1')?.price).toBe(210);
  });

  it('passes an ordinary repricing (every price up 10%)', async () => {
    await applied('units.csv', exportCsv(60));
    await applied('dearer.csv', exportCsv(60, { scale: 1.1 }));
  });

  it('shows the block in the Markdown report and the quiet line', async () => {
    await applied('units.csv', exportCsv(30));
    const md = path.join(w.dir, 'plan.md');
    const cents = await w.writeExport('cents.csv', exportCsv(30, { scale: 100 }));
    const quiet = await w.run(args('apply', cents, '--yes', '--quiet', '--out-md', md));
    expect(quiet.code).toBe(3);
    expect(quiet.stdout + quiet.stderr).toMatch(/blocked/);
    expect(await readFile(md, 'utf8')).toMatch(/by a factor of 10 or more/);
  });
});

/** 100 products, then 9 fewer each night: each night passes the delete limit on its own. */
async function erodeNightly(...more: string[]): Promise<void> {
  await applied('n0.csv', exportCsv(100), ...more);
  await applied('n1.csv', exportCsv(100, { from: 10 }), ...more);
  await applied('n2.csv', exportCsv(100, { from: 19 }), ...more);
}

describe('erosion against the menu of some days ago', () => {
  it('blocks the third night of 9 fewer products from 100 (27 of 100 gone); --allow-erosion lets it through', async () => {
    await erodeNightly();
    const third = await w.writeExport('n3.csv', exportCsv(100, { from: 28 }));
    const blocked = await w.run(args('apply', third, '--yes', '--json'));
    expect(blocked.code, blocked.stderr).toBe(3);
    const block = guardOf(blocked.stdout, 'erosion');
    expect(block?.numbers).toEqual({
      eroded: 27,
      referenceProducts: 100,
      days: 7,
      limitCount: 10,
      limitPercent: 20,
    });
    expect(guardOf(blocked.stdout, 'delete-limit')).toBeUndefined();
    expect(blocked.stderr).toMatch(/--allow-erosion 27 if intended/);
    expect(w.sandbox.exportMenu(w.clientId).products).toHaveLength(82);
    await applied('n3.csv', exportCsv(100, { from: 28 }), '--allow-erosion', '30%');
    expect(w.sandbox.exportMenu(w.clientId).products).toHaveLength(73);
  });

  it('does not block a night that removes nothing, whatever went before', async () => {
    await erodeNightly('--allow-erosion', '100%');
    await applied('n2b.csv', exportCsv(100, { from: 19 }).replace('Item 50', 'Item fifty'));
  });

  it('works on the PostgreSQL state as on the local folder', async () => {
    if (!(await postgresAvailable())) return;
    state = schemaUrl(testSchema());
    await erodeNightly();
    const third = await w.writeExport('n3.csv', exportCsv(100, { from: 28 }));
    const blocked = await w.run(args('apply', third, '--yes', '--json'));
    expect(blocked.code, blocked.stderr).toBe(3);
    expect(guardOf(blocked.stdout, 'erosion')?.numbers).toMatchObject({ eroded: 27, referenceProducts: 100 });
  });
});

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { menuCsv } from '../cli-apply/fixture.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable } from '../state/postgres-fixture.js';
import { startWorkerWorld } from './worker-world.js';

const available = await postgresAvailable();

const FAST = ['--poll-seconds', '0.5', '--supervise-seconds', '1'];

/** The nightly export of products `from`..100 (menuCsv's rows, the first ones left out). */
const fromItem = (from: number) =>
  menuCsv(100)
    .split('\n')
    .filter((line) => !/^item-(\d+),/.test(line) || Number(/^item-(\d+),/.exec(line)![1]) >= from)
    .join('\n');

describe.runIf(available)('menusync worker: the guards on what an export changes', () => {
  it('sends the third night of a slow erosion to a person (exit 3, erosion), with nothing sent', async () => {
    const w = await startWorkerWorld(testTempDir('worker'), [{ name: 'shop', client: 1, products: 100 }]);
    const input = path.join(w.dir, 'shop.csv');
    for (const from of [1, 10, 19]) {
      await writeFile(input, fromItem(from));
      const night = await w.run(['apply', '--target', 'shop', '--yes']);
      expect(night.code, night.stderr).toBe(0);
    }
    await writeFile(input, fromItem(28));
    const worker = w.worker('solo', ['--concurrency', '1', ...FAST]);
    await worker.saw('taking syncs');
    expect((await w.run(['fleet', 'enqueue', '--all'])).code).toBe(0);
    const rows = await w.waitForLedger((ledger) => ledger.some((row) => row.exit_code !== null));
    expect(rows).toEqual([expect.objectContaining({ target: 'shop', state: 'needs-person', exit_code: 3 })]);
    expect(w.platformMenu(1)).toHaveLength(82);
    const status = await w.status();
    expect(status.needsPerson).toEqual(['shop']);
    expect(status.targets[0]!.lastError).toMatch(/erosion|27 of 100/);
    worker.proc.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);
  }, 90_000);
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FleetIndex } from '../../src/console/fleet-index.js';
import { openStateStore } from '../../src/state/open-store.js';
import type { StateStore } from '../../src/state/store.js';
import { testTempDir } from '../helpers/temp-dir.js';

const TARGET = { baseUrl: 'http://127.0.0.1:9/shop', clientId: 'shop', posUid: 'default' };
const NONE = { add: 0, update: 0, remove: 0, keep: 3 };

/** A run as a run writes it: under the target's lock, its report.json (with the drift it found). */
async function storeRun(store: StateStore, runId: string, drift: unknown[] | null): Promise<void> {
  const target = store.target(TARGET);
  const lock = await target.lock();
  try {
    await target.writeIdentity();
    const record = await target.createRun(runId);
    await record.writeJson('report.json', {
      formatVersion: 1,
      command: 'apply',
      target: { posUid: 'default' },
      ...(drift ? { drift, live: { categories: 3, products: 3, handmade: 0, changes: [] } } : { live: null }),
      mode: 'merge',
      counts: { categories: NONE, products: NONE, options: NONE, option_values: NONE },
      outcome: 'none',
      plan: 'plan.json',
    });
  } finally {
    await lock.release();
  }
}

describe('the console’s fleet index', () => {
  it('serves the list it has while a stale one is rebuilt, then the new one', async () => {
    const state = path.join(testTempDir('fleet-index'), 'state');
    const store = await openStateStore(state);
    let clock = Date.parse('2026-11-29T08:00:00Z');
    const index = new FleetIndex(store, null, null, 1000, () => new Date(clock));
    await storeRun(store, '20261129T080000000Z-aaaaaa', null);
    const first = await index.current();
    expect(first.rows.map((row) => row.lastRun?.runId)).toEqual(['20261129T080000000Z-aaaaaa']);
    expect(first.rows[0]!.lastRun!.drift).toBeNull();

    const change = {
      kind: 'category',
      action: 'update',
      key: 'C1',
      parents: [],
      name: 'Tea',
      changes: [{ field: 'name', old: 'Tea', new: 'Teas' }],
    };
    await storeRun(store, '20261129T080500000Z-bbbbbb', [change]);
    clock += 5000;
    // Stale: the page gets the rows it had at once, and a rebuild starts behind it.
    const stale = await index.current();
    expect(stale.builtAt).toEqual(first.builtAt);
    expect(stale.rows[0]!.lastRun!.runId).toBe('20261129T080000000Z-aaaaaa');
    await index.refresh();
    const fresh = await index.current();
    expect(fresh.builtAt.getTime()).toBe(clock);
    expect(fresh.rows[0]!.lastRun!.runId).toBe('20261129T080500000Z-bbbbbb');
    expect(fresh.rows[0]!.lastRun!.drift).toEqual({
      count: 1,
      lines: ['update category C1 "Tea": name "Tea" -> "Teas"'],
    });
    await store.close();
  });
});

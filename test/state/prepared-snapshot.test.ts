import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import { prepareSnapshotMenu, readSnapshot, writeSnapshot } from '../../src/state/snapshot.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'menusync-prepared-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const envelope = {
  formatVersion: 1,
  appliedAt: '2026-01-01T00:00:00.000Z',
  mode: 'replace',
  runId: 'r1',
} as const;

/** The snapshot hash: sha256 of the menu's JSON, members in their own order. */
const menuHash = (menu: CanonicalMenu): string =>
  createHash('sha256')
    .update(JSON.stringify({ categories: menu.categories, products: menu.products }))
    .digest('hex');

describe('writeSnapshot with bytes prepared ahead', () => {
  it('writes the prepared bytes of the same menu, hashed as its JSON', async () => {
    const menu = { categories: [{ name: 'Drinks', ext_id: 'C1' }], products: [] };
    const prepared = prepareSnapshotMenu(menu);
    expect(prepared.hash).toBe(menuHash(menu));
    expect(await writeSnapshot(dir, { ...envelope, menu }, prepared)).toBe(menuHash(menu));
    expect(await readSnapshot(dir)).toEqual({ ...envelope, formatVersion: 2, hash: menuHash(menu), menu });
  });

  it('ignores bytes prepared from another menu object and writes the menu it was given', async () => {
    const stale = prepareSnapshotMenu({ categories: [], products: [] });
    const menu = { categories: [{ ext_id: 'C2', name: 'Food' }], products: [] };
    expect(await writeSnapshot(dir, { ...envelope, menu }, stale)).toBe(menuHash(menu));
    expect((await readSnapshot(dir))?.menu).toEqual(menu);
  });
});

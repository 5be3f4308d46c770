import { access, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { legacyTargetKey } from '../../src/state/local/legacy-key.js';
import { localStateStore } from '../../src/state/local/local-store.js';
import { writeStatus } from '../../src/state/snapshot.js';
import { targetKey, type Target } from '../../src/state/target.js';
import { testTempDir } from '../helpers/temp-dir.js';

const target: Target = { baseUrl: 'https://api.example.test/v1', clientId: 'c1', posUid: 'bar' };

/** An older version's folder for `posUid`, with a status to tell it by; target.json when `marked`. */
async function oldFolder(root: string, posUid: string, marked = true): Promise<string> {
  const dir = path.join(root, legacyTargetKey({ ...target, posUid }));
  await mkdir(dir, { recursive: true });
  await writeStatus(dir, { uncertain: true, reason: `left by pos ${posUid}` });
  if (marked) await writeFile(path.join(dir, 'target.json'), JSON.stringify({ ...target, posUid }));
  return dir;
}

function storeIn(root: string) {
  const notices: string[] = [];
  return { store: localStateStore(root, { notice: (m) => notices.push(m) }), notices };
}

describe('the local store and folders of the older key (with the pos_uid)', () => {
  it("adopts the client's old folder on first use, says so once, and reads its state", async () => {
    const root = testTempDir('legacy');
    const old = await oldFolder(root, 'default');
    const { store, notices } = storeIn(root);
    const state = store.target(target);
    expect(await state.readStatus()).toMatchObject({ reason: 'left by pos default' });
    expect(await state.readSnapshot()).toBeNull();
    expect(notices).toEqual([expect.stringContaining(`moved ${old} to ${state.location}`)]);
    expect(await readdir(root)).toEqual([targetKey(target)]);
    // Another store of the same folder finds the new folder: nothing more to say.
    const again = storeIn(root);
    expect((await again.store.target(target).readStatus()).uncertain).toBe(true);
    expect(again.notices).toEqual([]);
  });

  it('lists an old folder as its client until it is adopted', async () => {
    const root = testTempDir('legacy');
    await oldFolder(root, 'default');
    const [listed] = await localStateStore(root).listTargets();
    expect(listed).toMatchObject({
      target: { baseUrl: target.baseUrl, clientId: 'c1' },
      key: legacyTargetKey({ ...target, posUid: 'default' }),
      uncertain: true,
    });
  });

  it("adopts a folder without target.json only under this run's own pos_uid", async () => {
    const root = testTempDir('legacy');
    await oldFolder(root, 'terrace', false);
    const { store } = storeIn(root);
    expect((await store.target(target).readStatus()).uncertain).toBe(false);
    const terrace = storeIn(root);
    expect((await terrace.store.target({ ...target, posUid: 'terrace' }).readStatus()).uncertain).toBe(true);
    expect(terrace.notices).toHaveLength(1);
  });

  it('refuses to choose among several old folders of the client (exit 2) and moves none', async () => {
    const root = testTempDir('legacy');
    await oldFolder(root, 'bar');
    await oldFolder(root, 'terrace');
    const { store } = storeIn(root);
    await expect(store.target(target).lock()).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('holds 2 folders of client c1'),
    });
    expect(await readdir(root)).toHaveLength(2);
  });

  it('leaves the old folders of other clients alone', async () => {
    const root = testTempDir('legacy');
    const other = await oldFolder(root, 'bar');
    // Named as ours would be, but its target.json says it is another client's.
    await writeFile(path.join(other, 'target.json'), JSON.stringify({ ...target, clientId: 'c2' }));
    const c2 = path.join(root, legacyTargetKey({ ...target, clientId: 'c2' }));
    await mkdir(c2);
    await writeFile(path.join(c2, 'target.json'), JSON.stringify({ ...target, clientId: 'c2' }));
    const { store, notices } = storeIn(root);
    const lock = await store.target(target).lock();
    await lock.release();
    expect(notices).toEqual([]);
    await expect(access(other)).resolves.toBeUndefined();
    await expect(access(c2)).resolves.toBeUndefined();
  });
});

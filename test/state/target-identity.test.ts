import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { legacyTargetKey } from '../../src/state/local/legacy-key.js';
import { listStateTargets, writeTargetIdentity } from '../../src/state/target-identity.js';
import { targetDir, type Target } from '../../src/state/target.js';
import { testTempDir } from '../helpers/temp-dir.js';

const target: Target = {
  name: 'shop',
  baseUrl: 'https://api.example.test',
  clientId: 'c1',
  posUid: 'default',
};

describe('the targets of a state folder', () => {
  it('holds none when the state folder does not exist', async () => {
    expect(await listStateTargets(path.join(testTempDir('targets'), 'nothing'))).toEqual({
      known: [],
      legacy: [],
      unknown: [],
    });
  });

  it('reads back the identity an apply wrote, without the config name', async () => {
    const state = testTempDir('targets');
    const dir = targetDir(state, target);
    await mkdir(dir, { recursive: true });
    await writeTargetIdentity(dir, target);
    expect(await listStateTargets(state)).toEqual({
      known: [{ baseUrl: target.baseUrl, clientId: 'c1' }],
      legacy: [],
      unknown: [],
    });
  });

  it('cannot vouch for a folder without target.json or whose name does not match it', async () => {
    const state = testTempDir('targets');
    await mkdir(path.join(state, 'old-target-0123456789'));
    const dir = targetDir(state, target);
    await mkdir(dir);
    await writeTargetIdentity(dir, target);
    await rename(dir, path.join(state, 'renamed'));
    expect(await listStateTargets(state)).toEqual({
      known: [],
      legacy: [],
      unknown: ['old-target-0123456789', 'renamed'],
    });
  });

  it('tells apart a folder named by the older key (with the pos_uid) that its target.json vouches for', async () => {
    const state = testTempDir('targets');
    const old = path.join(state, legacyTargetKey(target));
    await mkdir(old);
    await writeFile(
      path.join(old, 'target.json'),
      JSON.stringify({ baseUrl: target.baseUrl, clientId: 'c1', posUid: 'default' }),
    );
    expect(await listStateTargets(state)).toEqual({
      known: [],
      legacy: [
        {
          name: legacyTargetKey(target),
          identity: { baseUrl: target.baseUrl, clientId: 'c1', posUid: 'default' },
        },
      ],
      unknown: [],
    });
  });
});

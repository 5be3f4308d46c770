import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateSpec } from '../../src/cli/state-spec.js';
import { testTempDir } from '../helpers/temp-dir.js';

describe('which state `state list` shows', () => {
  const env = { MENUSYNC_STATE: 'postgres://ops@db:5432/menus' };

  it('takes --state, then MENUSYNC_STATE, then the config file, then ./.menusync', async () => {
    const dir = testTempDir('state-spec');
    expect(await stateSpec({ state: 'postgres://flag@db/x' }, env, dir)).toBe('postgres://flag@db/x');
    expect(await stateSpec({}, env, dir)).toBe('postgres://ops@db:5432/menus');
    expect(await stateSpec({}, {}, dir)).toBe('.menusync');
    await writeFile(
      path.join(dir, 'menusync.config.yaml'),
      'state: postgres://cfg@db/menus\ntargets:\n  main:\n    base_url: https://platform.example\n',
    );
    expect(await stateSpec({}, {}, dir)).toBe('postgres://cfg@db/menus');
    await writeFile(
      path.join(dir, 'menusync.config.yaml'),
      'targets:\n  main:\n    base_url: https://platform.example\n',
    );
    expect(await stateSpec({}, {}, dir)).toBe(path.join(dir, '.menusync'));
  });
});

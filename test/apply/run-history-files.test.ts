import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GuardBlockedError } from '../../src/errors.js';
import { PlatformError } from '../../src/platform/errors.js';
import { targetDir } from '../../src/state/target.js';
import { startHarness, type Harness } from './harness.js';
import { cafeMenu } from './menus.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

/** plan.json of the newest run, parsed. */
async function lastPlanFile(): Promise<{ mode: string; payload: unknown }> {
  const runs = path.join(targetDir(h.stateDir, h.target), 'runs');
  const last = (await readdir(runs)).sort().at(-1) as string;
  return JSON.parse(await readFile(path.join(runs, last, 'plan.json'), 'utf8')) as {
    mode: string;
    payload: unknown;
  };
}

// A run that sends writes plan.json while the import is out; every other ending writes it too.
describe('plan.json in the run folder, whatever the ending', () => {
  it('is written for a run blocked by a guard (nothing sent)', async () => {
    await h.apply(cafeMenu(40));
    await expect(h.apply(cafeMenu(10))).rejects.toBeInstanceOf(GuardBlockedError);
    expect((await lastPlanFile()).mode).toBe('replace');
  });

  it('is written for a run with nothing to send', async () => {
    await h.apply(cafeMenu());
    await h.apply(cafeMenu());
    expect(await lastPlanFile()).toMatchObject({ mode: 'none', payload: null });
  });

  it('is written for a run whose import the platform rejected', async () => {
    await h.apply(cafeMenu());
    const changed = cafeMenu();
    changed.products[0] = { ...changed.products[0]!, price: 1 };
    h.sandbox.injectFaults([{ kind: 'import-error', message: 'nope' }]);
    await expect(h.apply(changed)).rejects.toBeInstanceOf(PlatformError);
    expect(await lastPlanFile()).toMatchObject({ mode: 'merge', payload: 'payload.json' });
  });
});

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

interface PlanFile {
  mode: string;
  payload: unknown;
  entries: { action: string; ext_id: string }[];
  omittedEntries: { action: string; count: number };
}

/** plan.json of the newest run, parsed. */
async function lastPlanFile(): Promise<PlanFile> {
  const runs = path.join(targetDir(h.stateDir, h.target), 'runs');
  const last = (await readdir(runs)).sort().at(-1) as string;
  return JSON.parse(await readFile(path.join(runs, last, 'plan.json'), 'utf8')) as PlanFile;
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

// A nightly run that changes nothing must not copy the whole menu into its history every night.
describe('plan.json leaves out the entries kept as they are', () => {
  it('holds no entry for a run with nothing to send, and counts the ones left out', async () => {
    const first = await h.apply(cafeMenu());
    const again = await h.apply(cafeMenu());
    expect(again.plan.entries.length).toBe(first.plan.entries.length);
    const file = await lastPlanFile();
    expect(file.entries).toEqual([]);
    expect(file.omittedEntries).toEqual({ action: 'keep', count: first.plan.entries.length });
  });

  it('holds only the changed entries of a merge, with the counts of the whole plan', async () => {
    await h.apply(cafeMenu());
    const changed = cafeMenu();
    changed.products[1] = { ...changed.products[1]!, price: 7.5 };
    const outcome = await h.apply(changed);
    const file = await lastPlanFile();
    expect(file.entries.map((e) => [e.action, e.ext_id])).toEqual([['update', 'p2']]);
    expect(file.omittedEntries.count).toBe(outcome.plan.entries.length - 1);
    expect(file).toMatchObject({ mode: 'merge', counts: outcome.plan.counts });
  });

  it('keeps every entry of a first apply (nothing is kept as it was)', async () => {
    const outcome = await h.apply(cafeMenu());
    const file = await lastPlanFile();
    expect(file.entries).toHaveLength(outcome.plan.entries.length);
    expect(file.omittedEntries.count).toBe(0);
  });
});

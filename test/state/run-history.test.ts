import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newRunId, pruneRuns, RUNS_DIR } from '../../src/state/run-history.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'menusync-runs-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('pruneRuns', () => {
  it('keeps the newest runs and removes the older ones, folders and all', async () => {
    const ids = [3, 1, 5, 2, 4].map((day) => newRunId(new Date(Date.UTC(2026, 0, day, 2, 0))));
    for (const id of ids) {
      await mkdir(path.join(dir, RUNS_DIR, id), { recursive: true });
      await writeFile(path.join(dir, RUNS_DIR, id, 'plan.json'), '{}');
    }
    const sorted = [...ids].sort();
    expect(await pruneRuns(dir, 3)).toEqual(sorted.slice(0, 2));
    expect((await readdir(path.join(dir, RUNS_DIR))).sort()).toEqual(sorted.slice(2));
    expect(await pruneRuns(dir, 3)).toEqual([]);
  });

  it('never removes the current run, even when its id sorts first (a clock set back)', async () => {
    const late = newRunId(new Date(Date.UTC(2026, 5, 1)));
    const current = newRunId(new Date(Date.UTC(2026, 0, 1)));
    for (const id of [late, current]) await mkdir(path.join(dir, RUNS_DIR, id), { recursive: true });
    expect(await pruneRuns(dir, 1, current)).toEqual([late]);
    expect(await readdir(path.join(dir, RUNS_DIR))).toEqual([current]);
  });

  it('does nothing for a target without runs', async () => {
    expect(await pruneRuns(dir, 1)).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FleetReport } from '../../src/fleet/fleet-report.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { startFleetWorld } from './fleet-world.js';

// These run the BUILT CLI: `npm run build` first (npm test does).

describe('an apply that fails before it plans', () => {
  it("is last night's run in the history of a target that ran before, with its report", async () => {
    const w = await startFleetWorld(testTempDir('unstarted'), [
      { name: 'north', client: 1 },
      { name: 'south', client: 2 },
    ]);
    try {
      expect((await w.run(['apply', '--target', 'north', '--yes', '--quiet'])).code).toBe(0);
      // The night's export of north did not arrive; south never ran and its export is missing too.
      await rm(path.join(w.dir, 'north.csv'));
      await rm(path.join(w.dir, 'south.csv'));
      const night = await w.run(['apply', '--all', '--yes', '--json']);
      expect(night.code, night.stderr).toBe(1);
      const report = JSON.parse(night.stdout) as FleetReport;
      const north = report.targets.find((entry) => entry.target === 'north')!;
      expect(north).toMatchObject({ status: 'failed', exit: 2 });
      expect(north.report).toMatch(/report\.html$/);
      expect(existsSync(north.report!)).toBe(true);

      const history = JSON.parse((await w.run(['history', '--target', 'north', '--json'])).stdout) as {
        outcome: string;
        command: string;
      }[];
      expect(history.map((run) => run.outcome)).toEqual(['failed', 'applied']);
      const shown = await w.run(['report', 'show', '--target', 'north', '--format', 'md']);
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).toMatch(/north\.csv/);
      // A target that never ran gets no state for a failed first try.
      const south = report.targets.find((entry) => entry.target === 'south')!;
      expect(south.report).toBeNull();
      expect(existsSync(w.targetDir(2))).toBe(false);
    } finally {
      await w.close();
    }
  });
});

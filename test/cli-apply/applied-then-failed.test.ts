import { describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { startFleetWorld } from '../fleet/fleet-world.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { spawnCli, startWorld, menuCsv } from './fixture.js';

// These run the BUILT CLI: `npm run build` first (npm test does).

/**
 * Holds the next import (a delay fault), and once it is out makes the read-back that follows it
 * fail: the platform confirms the import, then cannot be read.
 */
async function failReadBackAfterImport(sandbox: SandboxHandle): Promise<void> {
  const before = sandbox.requests.filter((r) => r.path.endsWith('/menu/import')).length;
  sandbox.injectFaults([{ kind: 'delay', ms: 300, path: '/menu/import', count: 1 }]);
  while (sandbox.requests.filter((r) => r.path.endsWith('/menu/import')).length === before)
    await new Promise((resolve) => setTimeout(resolve, 10));
  sandbox.injectFaults([{ kind: 'status', status: 500, path: '/menu/categories', count: 5 }]);
}

describe('a run the platform applied, then something failed', () => {
  it('a single apply: the summary line says applied and what went wrong, never "failed"', async () => {
    const w = await startWorld();
    try {
      const input = await w.writeExport('menu.csv', menuCsv(12));
      const live = spawnCli(w.args('apply', input, '--yes', '--quiet'), w.env, w.dir);
      await failReadBackAfterImport(w.sandbox);
      const result = await live.done;
      expect(result.code, result.stderr).toBe(1);
      expect(w.sandbox.storedMenu(w.clientId).products).toHaveLength(12);
      const summary = result.stderr.split('\n').find((line) => / menusync apply /.test(line));
      expect(summary).toMatch(/\(applied, not verified: read-back failed: .+\)$/);
      expect(result.stderr).not.toMatch(/\bfailed\)/);
    } finally {
      await w.close();
    }
  });

  it('a fleet: the target is applied with its error, counted as applied, and the fleet exits 1', async () => {
    const w = await startFleetWorld(testTempDir('applied-then-failed'), [{ name: 'north', client: 1 }]);
    try {
      const live = spawnCli(['apply', '--all', '--json', '--state', w.stateDir], {}, w.dir);
      await failReadBackAfterImport(w.sandbox);
      const result = await live.done;
      expect(result.code, result.stderr).toBe(1);
      expect(w.products(1)).toBe(12);
      const report = JSON.parse(result.stdout) as {
        targets: { status: string; applied: boolean; exit: number; errors: string[] }[];
        summary: { applied: number; appliedWithErrors: number; failed: number };
      };
      expect(report.targets[0]).toMatchObject({ status: 'applied', applied: true, exit: 1 });
      expect(report.targets[0]!.errors[0]).toMatch(/^read-back failed/);
      expect(report.summary).toMatchObject({ applied: 1, appliedWithErrors: 1, failed: 0 });
      expect(result.stderr).toMatch(/^applied +north: .*NOT verified: \[exit 1\] read-back failed/m);
      expect(result.stderr).not.toMatch(/^failed /m);
    } finally {
      await w.close();
    }
  });
});

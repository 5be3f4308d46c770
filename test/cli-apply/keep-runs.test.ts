import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

// Rollback points outlive quiet nights: real CLI children against the real sandbox, the state in
// a real temp folder.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

interface HistoryJson {
  runId: string;
  rollbackPoint: boolean;
  current: boolean;
}

describe('keep_runs', () => {
  it('still rolls back one step after 35 quiet runs with keep_runs 30', { timeout: 600_000 }, async () => {
    const v1 = await w.writeExport('v1.csv', menuCsv(12));
    const v2 = await w.writeExport('v2.csv', menuCsv(12, 1));
    const apply = (input: string) => w.run(w.args('apply', input, '--yes', '--quiet', '--keep-runs', '30'));
    expect((await apply(v1)).code).toBe(0);
    const v1Menu = w.sandbox.exportMenu(w.clientId);
    expect((await apply(v2)).code).toBe(0);
    for (let night = 0; night < 35; night++) {
      const quiet = await apply(v2);
      expect(quiet.code, quiet.stderr).toBe(0);
      expect(quiet.stderr).toMatch(/: none: no changes \(nothing to send\)/);
    }

    const listed = await w.run(['history', '--state', w.stateDir, '--json']);
    const runs = JSON.parse(listed.stdout) as HistoryJson[];
    expect(runs).toHaveLength(30);
    expect(runs.filter((run) => run.rollbackPoint)).toHaveLength(2);
    const text = await w.run(['history', '--state', w.stateDir]);
    expect(text.stderr).toContain('(keep_runs 30)');

    const rollback = await w.run([
      'rollback',
      '--state',
      w.stateDir,
      '--max-attempts',
      '1',
      '--steps',
      '1',
      '--yes',
    ]);
    expect(rollback.code, rollback.stderr).toBe(0);
    expect(w.sandbox.exportMenu(w.clientId)).toEqual(v1Menu);
    expect(rollback.stderr).toMatch(/would apply it again, undoing this rollback/);
    expect(rollback.stderr).toContain('"enabled: false"');
  });
});

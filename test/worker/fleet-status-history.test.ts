import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable } from '../state/postgres-fixture.js';
import { allSucceeded, startWorkerWorld } from './worker-world.js';

// The operator's morning: whatever ran the night (cron's `apply --all`, a person, a worker),
// `fleet status` tells where each target stands from the run history, the queue's jobs on top.

const available = await postgresAvailable();

const FAST = ['--poll-seconds', '0.5', '--supervise-seconds', '1'];

describe.runIf(available)('fleet status, whoever ran the night', () => {
  it('shows runs of cron, then a worker job once it is newer', { timeout: 120_000 }, async () => {
    const w = await startWorkerWorld(testTempDir('status'), [
      { name: 'bistro', client: 1 },
      { name: 'cafe', client: 2, empty: true },
      { name: 'diner', client: 3, missingExport: true },
      { name: 'grill', client: 4 },
    ]);
    // One price cut in grill's export: its run is blocked by that row.
    const grill = path.join(w.dir, 'grill.csv');
    await writeFile(
      grill,
      (await readFile(grill, 'utf8')).replace(/^(item-2,[^,]*,[^,]*,,,)[\d.]+,/m, '$12.x0,'),
    );
    // Cron's line: no worker, no queue job.
    const night = await w.run(['apply', '--all', '--yes', '--quiet']);
    expect(night.code, night.stderr).toBe(1);
    // The cron line of each blocked target names the guard, its numbers and the cut row.
    expect(night.stderr).toMatch(/Z blocked +cafe: .*blocked: empty-menu \(products 0, /);
    expect(night.stderr).toMatch(
      /Z blocked +grill: .*blocked: extraction-errors \(errors 1\): .*\(first: \S*grill\.csv, row 3, column "Price"/,
    );

    const after = await w.status();
    const of = (name: string) => after.targets.find((t) => t.target === name)!;
    expect(of('bistro').lastRun).toMatchObject({
      state: 'succeeded',
      exit: 0,
      worker: null,
      mode: 'replace',
    });
    expect(of('bistro').lastRun).toMatchObject({ jobId: null, outcome: 'applied' });
    expect(of('cafe').lastRun).toMatchObject({ state: 'needs-person', exit: 3, outcome: 'blocked' });
    expect(of('cafe').lastError).toMatch(/no products/);
    // Its export is missing: the run never started, so there is no run to show.
    expect(of('diner').lastRun).toBeNull();
    expect(after.needsPerson).toEqual(['cafe', 'grill']);
    const table = await w.run(['fleet', 'status']);
    expect(table.stdout).toMatch(/^cafe +\d{4}-\d\d-\d\d \S+Z +needs-person replace \+0 ~0 -0 \(exit 3\)/m);
    expect(table.stdout).toMatch(/Needs a person:\n {2}cafe: blocked: the desired menu has no products/);

    // The same night as history: each target's newest run, the blocked one first.
    const history = await w.run(['history', '--all']);
    expect(history.code, history.stderr).toBe(0);
    const rows = history.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^TARGET +RUN +STARTED/);
    expect(
      rows
        .slice(1)
        .map((row) => row.split(/ +/)[0])
        .sort(),
    ).toEqual(['bistro', 'cafe', 'grill']);
    expect(rows.at(-1)).toMatch(/^bistro /);
    expect(rows[1]).toMatch(/ apply +replace .* blocked /);
    const json = JSON.parse(
      (await w.run(['history', '--target', 'bistro', '--target', 'diner', '--json'])).stdout,
    );
    expect(json).toEqual([
      expect.objectContaining({ target: 'bistro', outcome: 'applied', command: 'apply' }),
    ]);

    // A worker's job for bistro is newer than cron's run: its worker and job are shown.
    const worker = w.worker('night-shift', ['--concurrency', '1', ...FAST]);
    await worker.saw('taking syncs');
    expect((await w.run(['fleet', 'enqueue', '--target', 'bistro'])).code).toBe(0);
    await w.waitForLedger(allSucceeded(['bistro']));
    const later = (await w.status()).targets.find((t) => t.target === 'bistro')!;
    expect(later.lastRun).toMatchObject({ state: 'succeeded', worker: 'night-shift' });
    expect(typeof (later.lastRun as unknown as { jobId: unknown }).jobId).toBe('string');
    worker.proc.kill('SIGTERM');
    await worker.exited;
  });
});

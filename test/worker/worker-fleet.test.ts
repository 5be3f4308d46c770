import { describe, expect, it } from 'vitest';
import { sandboxClient } from '../../src/sandbox/index.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable, sql } from '../state/postgres-fixture.js';
import { allSucceeded, startWorkerWorld, type WorkerTargetSpec } from './worker-world.js';

const available = await postgresAvailable();

/** Fast queue loops for tests: idle polls, lost-job checks and schedule checks every second or less. */
const FAST = ['--poll-seconds', '0.5', '--supervise-seconds', '1'];

describe.runIf(available)('menusync worker: many workers, one queue', () => {
  it('syncs 30 targets over three workers, one killed mid-run: each menu exact, no client imported twice at once', async () => {
    const specs: WorkerTargetSpec[] = Array.from({ length: 30 }, (_, i) => ({
      name: `shop-${i + 1}`,
      client: i + 1,
    }));
    const w = await startWorkerWorld(testTempDir('worker'), specs, { importDelayMs: 200 });
    const workers = ['w1', 'w2', 'w3'].map((name) => w.worker(name, ['--concurrency', '2', ...FAST]));
    await Promise.all(workers.map((worker) => worker.saw('taking syncs')));

    const enqueued = await w.run([
      'fleet',
      'enqueue',
      '--all',
      '--expire-seconds',
      '6',
      '--retry-delay',
      '1',
    ]);
    expect(enqueued.stderr).toContain('queued 30 target(s)');
    expect(enqueued.stdout.trim().split('\n')).toHaveLength(30);
    expect(enqueued.stdout).toMatch(/^[0-9a-f-]{36} {2}shop-1$/m);

    // Killed while its second sync runs: that job expires and another worker takes it over.
    const [doomed, ...survivors] = workers as [(typeof workers)[0], ...typeof workers];
    await doomed.saw('started ', 2);
    doomed.proc.kill('SIGKILL');

    await w.waitForLedger(allSucceeded(specs.map((spec) => spec.name)));
    const status = await w.status();
    expect(status.targets).toHaveLength(30);
    for (const target of status.targets) {
      expect(target.lastRun?.state, target.target).toBe('succeeded');
      expect(target.current, target.target).toBeNull();
    }
    expect(status.needsPerson).toEqual([]);
    for (const spec of specs) {
      expect(w.platformMenu(spec.client), spec.name).toEqual(w.sourceMenu(spec));
      expect(w.sandbox.maxConcurrentImports(sandboxClient(spec.client).clientId), spec.name).toBe(1);
    }
    const takenOver = await sql<{ worker: string; attempts: number }>(
      `SELECT worker, attempts FROM "${w.schema}".worker_jobs WHERE attempts > 1`,
    );
    expect(takenOver.length).toBeGreaterThan(0);
    for (const row of takenOver) expect(['w2', 'w3']).toContain(row.worker);
    const workersSeen = new Set(status.targets.map((t) => t.lastRun!.worker));
    expect([...workersSeen].every((name) => ['w1', 'w2', 'w3'].includes(name!))).toBe(true);

    // A worker's run is in the state like any other: `menusync history` reads it.
    const history = await w.run(['history', '--target', 'shop-7', '--json']);
    expect(history.code).toBe(0);
    expect(JSON.parse(history.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ command: 'apply', outcome: 'applied' })]),
    );

    for (const worker of survivors) worker.proc.kill('SIGTERM');
    for (const worker of survivors) expect((await worker.exited).code).toBe(0);
  }, 120_000);
});

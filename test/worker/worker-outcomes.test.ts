import { describe, expect, it } from 'vitest';
import { openStateStore } from '../../src/state/open-store.js';
import { sandboxClient } from '../../src/sandbox/index.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable } from '../state/postgres-fixture.js';
import { startWorkerWorld } from './worker-world.js';

const available = await postgresAvailable();

const FAST = ['--poll-seconds', '0.5', '--supervise-seconds', '1', '--held-retry-seconds', '1'];

describe.runIf(available)('menusync worker: how a run ends decides what the queue does', () => {
  it('retries a platform failure with backoff, never a broken export or a guard block, and a held target later', async () => {
    const w = await startWorkerWorld(testTempDir('worker'), [
      { name: 'flaky', client: 1 },
      { name: 'broken', client: 2, missingExport: true },
      { name: 'blocked', client: 3, empty: true },
      { name: 'held', client: 4 },
    ]);
    // The platform refuses the first two imports (500): exit 1 twice, then the third attempt lands.
    w.sandbox.injectFaults([{ kind: 'status', status: 500, path: '/menu/import', count: 2 }]);
    // Another run holds "held"'s lock: its sync ends with exit 4 until this test lets go.
    const store = await openStateStore(w.stateUrl);
    const lock = await store
      .target({ baseUrl: w.sandbox.url, clientId: sandboxClient(4).clientId, posUid: 'default' })
      .lock();
    try {
      const worker = w.worker('solo', ['--concurrency', '1', ...FAST]);
      await worker.saw('taking syncs');
      const enqueue = await w.run(['fleet', 'enqueue', '--all', '--retries', '3', '--retry-delay', '1']);
      expect(enqueue.code).toBe(0);
      await worker.saw('[locked: queued again]');
      // Only flaky's imports meet the two refusals: the lock goes once flaky is through.
      await w.waitForLedger((ledger) =>
        ledger.some((row) => row.target === 'flaky' && row.state === 'succeeded'),
      );
      await lock.release();
      const rows = await w.waitForLedger(
        (ledger) =>
          ['flaky', 'held'].every((target) =>
            ledger.some((row) => row.target === target && row.state === 'succeeded'),
          ) &&
          ledger
            .filter((row) => ['broken', 'blocked'].includes(row.target))
            .every((row) => row.exit_code !== null),
      );
      const of = (target: string) => rows.filter((row) => row.target === target);
      // One job, three attempts: two platform failures, then success.
      expect(of('flaky')).toEqual([
        expect.objectContaining({ state: 'succeeded', attempts: 3, exit_code: 0 }),
      ]);
      // Not retried: one attempt each, waiting for a person.
      expect(of('broken')).toEqual([
        expect.objectContaining({ state: 'needs-person', attempts: 1, exit_code: 2 }),
      ]);
      expect(of('blocked')).toEqual([
        expect.objectContaining({ state: 'needs-person', attempts: 1, exit_code: 3 }),
      ]);
      // Held: that job ended, and was queued again every --held-retry-seconds while the lock was
      // taken (how many times depends on how long flaky's retries keep it), then ran once it was free.
      const held = of('held')
        .map((row) => [row.source, row.state])
        .sort();
      expect(held[0]).toEqual(['enqueue', 'held']);
      expect(held.filter(([, state]) => state === 'succeeded')).toEqual([['held-retry', 'succeeded']]);
      expect(held.slice(1).every(([source]) => source === 'held-retry')).toBe(true);
      expect(held.filter(([, state]) => state !== 'held' && state !== 'succeeded')).toEqual([]);

      const status = await w.status();
      expect(status.needsPerson.sort()).toEqual(['blocked', 'broken']);
      const byName = new Map(status.targets.map((target) => [target.target, target]));
      expect(byName.get('broken')!.lastError).toMatch(/broken\.csv/);
      expect(byName.get('blocked')!.lastRun).toMatchObject({ state: 'needs-person', exit: 3 });
      expect(byName.get('flaky')!.needsPerson).toBe(false);
      const table = await w.run(['fleet', 'status']);
      expect(table.stdout).toMatch(/Needs a person:\n {2}broken: .*\n {2}blocked: /);

      worker.proc.kill('SIGTERM');
      expect((await worker.exited).code).toBe(0);
    } finally {
      await lock.release();
      await store.close();
    }
  }, 90_000);
});

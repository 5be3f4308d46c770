import { readFile, writeFile } from 'node:fs/promises';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable } from '../state/postgres-fixture.js';
import { startWorkerWorld } from './worker-world.js';

const available = await postgresAvailable();

describe.runIf(available)('menusync fleet schedule', () => {
  it("registers each target's schedule, fires it on a worker that records the run, and removes it with the config", async () => {
    const w = await startWorkerWorld(testTempDir('worker'), [
      // Every minute: pg-boss fires it as soon as a worker checks the schedules.
      { name: 'always', client: 1, schedule: '* * * * *' },
      { name: 'mondays', client: 2, schedule: '0 3 * * 1', timezone: 'Europe/Paris' },
      { name: 'manual', client: 3 },
    ]);
    const registered = await w.run(['fleet', 'schedule']);
    expect(registered.code).toBe(0);
    expect(registered.stdout).toBe(
      'scheduled  always: * * * * * (UTC)\nscheduled  mondays: 0 3 * * 1 (Europe/Paris)\n',
    );
    const before = new Map((await w.status()).targets.map((target) => [target.target, target]));
    // 03:00 in Paris is 01:00 or 02:00 UTC, on a Monday.
    const monday = new Date(before.get('mondays')!.nextScheduled!);
    expect([monday.getUTCDay(), monday.getUTCMinutes()]).toEqual([1, 0]);
    expect([1, 2]).toContain(monday.getUTCHours());
    expect(before.get('manual')!.nextScheduled).toBeNull();

    const worker = w.worker('cron-1', [
      '--cron-seconds',
      '1',
      '--schedule-poll-seconds',
      '0.5',
      '--poll-seconds',
      '0.5',
    ]);
    await worker.saw('schedules of 2 targets');
    const rows = await w.waitForLedger((ledger) =>
      ledger.some((row) => row.target === 'always' && row.state === 'succeeded'),
    );
    // Once a minute: a slow machine may see it fire a second time before this looks.
    for (const row of rows.filter((row) => row.target === 'always'))
      expect(row).toMatchObject({ source: 'schedule', worker: 'cron-1' });
    expect(rows.some((row) => row.target !== 'always')).toBe(false);
    const after = new Map((await w.status()).targets.map((target) => [target.target, target]));
    expect(after.get('always')!.lastRun).toMatchObject({ worker: 'cron-1', state: 'succeeded', exit: 0 });
    worker.proc.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);

    // `always` loses its schedule in the config: registering again removes it from the queue.
    const config = parse(await readFile(w.config, 'utf8')) as {
      targets: Record<string, { schedule?: string }>;
    };
    delete config.targets.always!.schedule;
    await writeFile(w.config, stringify(config));
    const again = await w.run(['fleet', 'schedule']);
    expect(again.stderr).toContain('1 schedule(s) registered, 1 removed');
    expect(again.stdout).toBe('scheduled  mondays: 0 3 * * 1 (Europe/Paris)\nremoved    always\n');
    expect((await w.status()).targets.find((target) => target.target === 'always')!.nextScheduled).toBeNull();
  }, 90_000);
});

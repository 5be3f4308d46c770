import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { openStateStore } from '../../src/state/open-store.js';
import { PAUSE_MARKER, PAUSED_CLI } from '../helpers/pause.js';
import { menuCsv, spawnCli, startWorld, type CliWorld } from '../cli-apply/fixture.js';
import { postgresAvailable, schemaUrl, testSchema } from './postgres-fixture.js';

const available = await postgresAvailable();

let w: CliWorld;
let input: string;
let url: string;
beforeEach(async () => {
  w = await startWorld();
  input = await w.writeExport('menu.csv', menuCsv(12));
});
afterEach(async () => {
  await w.close();
});

/** plan/apply arguments with the state in PostgreSQL instead of the world's folder. */
const args = (command: 'plan' | 'apply', state = url) =>
  w.args(command, input).map((arg) => (arg === w.stateDir ? state : arg));

describe.skipIf(!available)('plan and apply with --state postgres://', () => {
  beforeEach(() => {
    url = schemaUrl(testSchema());
  });

  it('applies, keeps the snapshot and runs in PostgreSQL, and plans the next run from it', async () => {
    const first = await w.run(args('apply'));
    expect(first.code, first.stderr).toBe(0);
    await w.writeExport('menu.csv', menuCsv(12, 1));
    const second = await w.run(args('apply'));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/merge/);
    const planned = await w.run(args('plan'));
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toMatch(/no changes/i);

    const store = await openStateStore(url);
    onTestFinished(() => store.close());
    const [listed] = await store.listTargets();
    expect(listed).toMatchObject({
      target: { baseUrl: w.sandbox.url, clientId: w.clientId },
      uncertain: false,
    });
    const t = store.target({ baseUrl: w.sandbox.url, clientId: w.clientId, posUid: 'default' });
    const snapshot = await t.readSnapshot();
    expect(snapshot?.menu.products.find((p) => p.ext_id === 'item-1')?.price).toBe(3.1);
    const runs = await t.listRuns();
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(await t.listRunFiles(runs.at(-1)!.id)).toEqual(
      expect.arrayContaining(['plan.json', 'report.json']),
    );
  });

  it('lists the history and rolls back to an earlier run from PostgreSQL', async () => {
    expect((await w.run(args('apply'))).code).toBe(0);
    const v1 = w.sandbox.exportMenu(w.clientId);
    await w.writeExport('menu.csv', menuCsv(15, 1));
    expect((await w.run(args('apply'))).code).toBe(0);
    const history = await w.run(['history', '--state', url, '--json']);
    expect(history.code, history.stderr).toBe(0);
    const runs = JSON.parse(history.stdout) as { runId: string; rollbackPoint: boolean; current: boolean }[];
    expect(runs.map((run) => [run.rollbackPoint, run.current])).toEqual([
      [true, true],
      [true, false],
    ]);
    const back = await w.run([
      'rollback',
      '--state',
      url,
      '--max-attempts',
      '1',
      '--to',
      runs[1]!.runId,
      '--yes',
    ]);
    expect(back.code, back.stderr).toBe(0);
    expect(w.sandbox.exportMenu(w.clientId)).toEqual(v1);
  });

  it.each(['before-send', 'before-rename'] as const)(
    'killed at %s: the old snapshot stays, the target is uncertain, the next apply replaces',
    async (point) => {
      expect((await w.run(args('apply'))).code).toBe(0);
      await w.writeExport('menu.csv', menuCsv(12, 1));
      const live = spawnCli(args('apply'), w.env, w.dir, [PAUSED_CLI, point]);
      await live.waitFor(`${PAUSE_MARKER}=${point}`);
      live.child.kill('SIGKILL');
      expect((await live.done).signal).toBe('SIGKILL');

      const store = await openStateStore(url);
      onTestFinished(() => store.close());
      const t = store.target({ baseUrl: w.sandbox.url, clientId: w.clientId, posUid: 'default' });
      expect((await t.readSnapshot())?.menu.products.find((p) => p.ext_id === 'item-1')?.price).toBe(2.1);
      expect((await t.readStatus()).uncertain).toBe(true);
      const planned = await w.run(args('plan'));
      expect(planned.stdout).toMatch(/Plan: replace \(the platform state is uncertain/);
      const next = await w.run(args('apply'));
      expect(next.code, next.stderr).toBe(0);
      expect((await t.readSnapshot())?.menu.products.find((p) => p.ext_id === 'item-1')?.price).toBe(3.1);
      expect((await t.readStatus()).uncertain).toBe(false);
    },
  );

  it('refuses with exit 4 while another run holds the target, sending nothing', async () => {
    const store = await openStateStore(url);
    onTestFinished(() => store.close());
    const lock = await store
      .target({ baseUrl: w.sandbox.url, clientId: w.clientId, posUid: 'default' })
      .lock();
    onTestFinished(() => lock.release());
    const refused = await w.run(args('apply'));
    expect(refused.code, refused.stderr).toBe(4);
    expect(refused.stderr).toMatch(/is locked by "menusync pid \d+ on /);
    expect(w.imports()).toBe(0);
  });

  it('ends with exit 1 and one clear line when PostgreSQL cannot be reached, nothing sent, no password', async () => {
    const unreachable = 'postgres://postgres:pw-Apply-Secret-9@127.0.0.1:1/test';
    const failed = await w.run(args('apply', unreachable));
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      /error: cannot reach the PostgreSQL state postgres:\/\/postgres@127\.0\.0\.1:1\/test: connection refused; nothing was sent to the platform/,
    );
    expect(`${failed.stdout}${failed.stderr}`).not.toContain('pw-Apply-Secret-9');
    expect(w.sandbox.requests).toHaveLength(0);
  });
});

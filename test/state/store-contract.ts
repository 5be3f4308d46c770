import { describe, expect, it, onTestFinished } from 'vitest';
import { LockHeldError } from '../../src/errors.js';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import { menuAsOf } from '../../src/state/menu-as-of.js';
import type { StateStore, TargetStore } from '../../src/state/store.js';
import { targetKey, type Target } from '../../src/state/target.js';
import { cafeMenu } from '../apply/menus.js';

/**
 * A backend under test: `open` gives a store on fresh, empty state; `reopen` another store (a
 * second process, or machine) on that same state. Each test closes what it opened.
 */
export interface StoreFactory {
  open(): Promise<{ store: StateStore; reopen: () => Promise<StateStore> }>;
}

const target: Target = { baseUrl: 'https://platform.example/api', clientId: 'client-1', posUid: 'default' };
const other: Target = { ...target, clientId: 'client-2' };

async function fresh(factory: StoreFactory) {
  const { store, reopen } = await factory.open();
  onTestFinished(() => store.close());
  const again = async () => {
    const second = await reopen();
    onTestFinished(() => second.close());
    return second;
  };
  return { store, t: store.target(target), again };
}

async function locked(t: TargetStore) {
  const lock = await t.lock();
  onTestFinished(() => lock.release());
  return lock;
}

const snapshotOf = (menu: CanonicalMenu, runId: string) => ({
  menu,
  runId,
  formatVersion: 2 as const,
  mode: 'replace' as const,
  appliedAt: '2026-11-24T18:00:00.000Z',
});

async function confirm(t: TargetStore, menu: CanonicalMenu, runId: string) {
  const staged = await t.stageConfirmed({ snapshot: snapshotOf(menu, runId), status: { uncertain: false } });
  await staged.commit();
  return staged.hash;
}

/** A menu whose snapshot spans several ~1 MB pieces (the PostgreSQL rows, the file's write pieces). */
function bigMenu(): CanonicalMenu {
  const menu = cafeMenu(2500);
  menu.products.forEach((product) => (product.description = `${product.name} `.repeat(80)));
  return menu;
}

/** The promises of store.ts, one suite for every backend (store-contract.<backend>.test.ts). */
export function storeContract(label: string, factory: StoreFactory): void {
  describe(`${label} state store`, () => {
    it('has no snapshot, a certain status and no targets when nothing was written', async () => {
      const { store, t } = await fresh(factory);
      expect(await t.readSnapshot()).toBeNull();
      expect(await t.readStatus()).toEqual({ uncertain: false });
      expect(await t.listRuns()).toEqual([]);
      expect(await store.listTargets()).toEqual([]);
    });

    it('keeps nothing of a staged snapshot that is discarded', async () => {
      const { t, again } = await fresh(factory);
      await locked(t);
      const staged = await t.stageConfirmed({
        snapshot: snapshotOf(cafeMenu(5), 'r1'),
        status: { uncertain: false },
      });
      await staged.discard();
      await t.recover();
      expect(await t.readSnapshot()).toBeNull();
      expect(await (await again()).target(target).readSnapshot()).toBeNull();
    });

    it('moves snapshot and status together on commit, readable by another store', async () => {
      const { t, again } = await fresh(factory);
      await locked(t);
      await t.writeStatus({ uncertain: true, reason: 'import sent', runId: 'r1' });
      const menu = bigMenu();
      const staged = await t.stageConfirmed({
        snapshot: snapshotOf(menu, 'r1'),
        status: { uncertain: false },
      });
      expect((await t.readStatus()).uncertain).toBe(true);
      expect(await t.readSnapshot()).toBeNull();
      await staged.commit();
      const read = await (await again()).target(target).readSnapshot();
      expect(read).toMatchObject({ hash: staged.hash, runId: 'r1', mode: 'replace', formatVersion: 2 });
      expect(read?.menu).toEqual(menu);
      expect(await t.readStatus()).toEqual({ uncertain: false });
    });

    it('reuses the desired products whose text is unchanged when reading with reuse', async () => {
      const { t } = await fresh(factory);
      await locked(t);
      await confirm(t, cafeMenu(30), 'r1');
      const desired = cafeMenu(30);
      desired.products[4]!.price = 99;
      const read = await t.readSnapshot({ reuse: desired });
      expect(read?.menu.products[0]).toBe(desired.products[0]);
      expect(read?.menu.products[4]).not.toBe(desired.products[4]);
      expect(read?.menu).toEqual(cafeMenu(30));
    });

    it('keeps a written status for the next process', async () => {
      const { t, again } = await fresh(factory);
      await locked(t);
      const status = {
        uncertain: true,
        reason: 'sent, no answer',
        since: '2026-11-24T18:00:00.000Z',
        runId: 'r9',
      };
      await t.writeStatus(status);
      expect(await (await again()).target(target).readStatus()).toEqual(status);
    });

    it('gives the lock to one holder at a time and back once released', async () => {
      const { t, again } = await fresh(factory);
      const lock = await t.lock();
      const second = (await again()).target(target);
      const refused = await second.lock().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(LockHeldError);
      expect((refused as LockHeldError).exitCode).toBe(4);
      // Another target of the same store is not held by it.
      await (await (await again()).target(other).lock()).release();
      await lock.release();
      await (await second.lock()).release();
    });

    it('records runs, their files, and lists them oldest first', async () => {
      const { t } = await fresh(factory);
      await locked(t);
      const later = await t.createRun('20261124T180500000Z-bbbbbb');
      const run = await t.createRun('20261124T180000000Z-aaaaaa');
      expect(run.id).toBe('20261124T180000000Z-aaaaaa');
      await run.write('plan.json', ['{"a":', Buffer.from('1}'), '\n']);
      await run.writeJson('response.json', { ok: true });
      await later.write('report.md', '# report\n');
      expect((await t.listRuns()).map((r) => [r.id, r.confirmed])).toEqual([
        ['20261124T180000000Z-aaaaaa', false],
        ['20261124T180500000Z-bbbbbb', false],
      ]);
      expect((await t.readRunFile(run.id, 'plan.json'))?.toString()).toBe('{"a":1}\n');
      expect(JSON.parse((await t.readRunFile(run.id, 'response.json'))!.toString())).toEqual({ ok: true });
      expect(await t.readRunFile(run.id, 'payload.json')).toBeNull();
      expect(await t.readRunFile('20200101T000000000Z-cccccc', 'plan.json')).toBeNull();
      expect(await t.listRunFiles(run.id)).toEqual(['plan.json', 'response.json']);
    });

    it('prunes the oldest runs beyond the newest N, never the current one', async () => {
      const { t } = await fresh(factory);
      await locked(t);
      const ids = [1, 2, 3, 4, 5].map((i) => `20261124T18000${i}000Z-aaaaaa`);
      for (const id of ids) await (await t.createRun(id)).write('plan.json', id);
      // Two runs in all stay: the current one (its id sorts first here, as after a clock set back) and the newest.
      expect(await t.pruneRuns(2, ids[0])).toEqual([ids[1], ids[2], ids[3]]);
      expect((await t.listRuns()).map((r) => r.id)).toEqual([ids[0], ids[4]]);
      expect(await t.readRunFile(ids[1]!, 'plan.json')).toBeNull();
      expect(await t.pruneRuns(5)).toEqual([]);
    });

    it('keeps the menu each committed run confirmed, as its rollback point', async () => {
      const { t } = await fresh(factory);
      await locked(t);
      const first = '20261124T180000000Z-a';
      const second = '20261124T180100000Z-b';
      const unconfirmed = '20261124T180200000Z-c';
      for (const id of [first, second, unconfirmed]) await t.createRun(id);
      await confirm(t, cafeMenu(4), first);
      await confirm(t, cafeMenu(6), second);
      expect((await t.confirmedSnapshot(first))?.menu).toEqual(cafeMenu(4));
      expect((await t.confirmedSnapshot(second))?.menu).toEqual(cafeMenu(6));
      expect(await t.confirmedSnapshot(unconfirmed)).toBeNull();
      expect((await t.listRuns()).map((r) => r.confirmed)).toEqual([true, true, false]);
      expect((await t.readSnapshot())?.menu).toEqual(cafeMenu(6));
      // Even a limit of 1 keeps the current menu and the one before it as rollback points.
      await t.pruneRuns(1, unconfirmed);
      expect((await t.confirmedSnapshot(first))?.menu).toEqual(cafeMenu(4));
      const third = '20261124T180300000Z-d';
      await t.createRun(third);
      await confirm(t, cafeMenu(8), third);
      expect(await t.pruneRuns(1, third)).toEqual([first, unconfirmed]);
      expect(await t.confirmedSnapshot(first)).toBeNull();
      expect((await t.confirmedSnapshot(second))?.menu).toEqual(cafeMenu(6));
      expect((await t.readSnapshot())?.menu).toEqual(cafeMenu(8));
    });

    it('gives the menu as it was at a time (erosion): the newest confirmed by then, else the oldest kept', async () => {
      const { t, again } = await fresh(factory);
      await locked(t);
      const nights = ['20261120T020000000Z-a', '20261121T020000000Z-b', '20261122T020000000Z-c'];
      const blocked = '20261121T030000000Z-x';
      for (const id of [...nights, blocked]) await t.createRun(id);
      expect(await menuAsOf(t, new Date('2026-11-23T00:00:00Z'))).toBeNull();
      await confirm(t, cafeMenu(9), nights[0]!);
      await confirm(t, cafeMenu(8), nights[1]!);
      await confirm(t, cafeMenu(7), nights[2]!);
      const at = async (time: string) => (await menuAsOf(t, new Date(time)))?.runId ?? null;
      expect(await at('2026-11-21T12:00:00Z')).toBe(nights[1]);
      expect(await at('2026-11-21T02:00:00Z')).toBe(nights[1]);
      // Before the history starts: the oldest kept menu is the furthest back it reaches.
      expect(await at('2026-11-01T00:00:00Z')).toBe(nights[0]);
      // The current menu is the snapshot's: nothing more to say.
      expect(await at('2026-11-23T00:00:00Z')).toBeNull();
      const other = (await again()).target(target);
      expect((await menuAsOf(other, new Date('2026-11-20T12:00:00Z')))?.menu).toEqual(cafeMenu(9));
    });

    it('prunes runs that confirmed no menu first, keeping rollback points up to the limit', async () => {
      const { t } = await fresh(factory);
      await locked(t);
      const point = '20261124T170000000Z-p';
      await t.createRun(point);
      await confirm(t, cafeMenu(4), point);
      const quiet = [1, 2, 3, 4, 5, 6].map((i) => `20261124T18000${i}000Z-q`);
      for (const id of quiet) await (await t.createRun(id)).write('plan.json', id);
      expect(await t.pruneRuns(3, quiet[5])).toEqual(quiet.slice(0, 4));
      expect((await t.listRuns()).map((r) => r.id)).toEqual([point, quiet[4], quiet[5]]);
      expect((await t.confirmedSnapshot(point))?.menu).toEqual(cafeMenu(4));
    });

    it('keeps fleet runs apart from every target, readable by another store, pruned to the newest N', async () => {
      const { store, again } = await fresh(factory);
      const fleet = store.fleetRuns();
      const ids = [1, 2, 3].map((i) => `20261124T18000${i}000Z-ffffff`);
      for (const id of ids) {
        const run = await fleet.createRun(id);
        await run.write('report.html', `<p>${id}</p>`);
        await run.write('targets/north.html', '<p>north</p>');
      }
      const second = (await again()).fleetRuns();
      expect((await second.listRuns()).map((run) => [run.id, run.confirmed])).toEqual(
        ids.map((id) => [id, false]),
      );
      expect((await second.readRunFile(ids[0]!, 'report.html'))?.toString()).toBe(`<p>${ids[0]}</p>`);
      expect((await second.readRunFile(ids[0]!, 'targets/north.html'))?.toString()).toBe('<p>north</p>');
      expect(await second.readRunFile(ids[0]!, 'report.md')).toBeNull();
      // A fleet's records are no target: state list and history never see them.
      expect(await store.listTargets()).toEqual([]);
      expect(await second.pruneRuns(2, ids[0])).toEqual([ids[1]]);
      expect((await fleet.listRuns()).map((run) => run.id)).toEqual([ids[0], ids[2]]);
      expect(await fleet.readRunFile(ids[1]!, 'report.html')).toBeNull();
    });

    it('lists every target with its identity, last run, uncertain mark and lock', async () => {
      const { store, t, again } = await fresh(factory);
      const lock = await t.lock();
      await t.writeIdentity();
      await t.createRun('20261124T180000000Z-aaaaaa');
      await t.writeStatus({ uncertain: true, reason: 'no answer' });
      const free = store.target(other);
      await (await free.lock()).release();
      await free.writeIdentity();
      const listed = await (await again()).listTargets();
      const byClient = (clientId: string) =>
        listed.find((entry) => entry.key === targetKey({ ...target, clientId }));
      expect(listed).toHaveLength(2);
      expect(byClient('client-1')).toMatchObject({
        target: { baseUrl: target.baseUrl, clientId: target.clientId },
        lastRunId: '20261124T180000000Z-aaaaaa',
        uncertain: true,
        locked: true,
      });
      expect(byClient('client-2')).toMatchObject({ lastRunId: null, uncertain: false, locked: false });
      await lock.release();
      expect((await store.listTargets()).every((entry) => !entry.locked)).toBe(true);
    });

    it("lists every target with its newest run's report.json, as listTargets has the target", async () => {
      const { store, t, again } = await fresh(factory);
      const lock = await locked(t);
      await t.writeIdentity();
      await (await t.createRun('20261124T180000000Z-aaaaaa')).writeJson('report.json', { outcome: 'old' });
      const newest = await t.createRun('20261124T190000000Z-bbbbbb');
      await newest.writeJson('report.json', { outcome: 'applied' });
      await newest.write('report.md', 'not this one');
      await t.writeStatus({ uncertain: true, reason: 'no answer' });
      // A target whose newest run was killed before its report, and one without runs.
      const killed = store.target(other);
      await (await killed.lock()).release();
      await killed.writeIdentity();
      await killed.createRun('20261124T180000000Z-cccccc');
      const third = store.target({ ...target, clientId: 'client-3' });
      await (await third.lock()).release();
      await third.writeIdentity();
      const second = await again();
      const listed = await second.lastRunReports();
      expect(listed.map(({ lastReport: _, ...entry }) => entry)).toEqual(await second.listTargets());
      const reportOf = (clientId: string) =>
        listed.find((entry) => entry.key === targetKey({ ...target, clientId }))?.lastReport?.toString();
      expect(JSON.parse(reportOf('client-1')!)).toEqual({ outcome: 'applied' });
      expect(listed.find((entry) => entry.key === targetKey(target))).toMatchObject({
        locked: true,
        uncertain: true,
      });
      expect(reportOf('client-2')).toBeUndefined();
      expect(reportOf('client-3')).toBeUndefined();
      expect(listed).toHaveLength(3);
      await lock.release();
    });
  });
}

import { describe, expect, it } from 'vitest';
import { writeDecision, type RunDecision } from '../../src/history/run-decision.js';
import { enqueueApproval } from '../../src/worker/enqueue.js';
import { SYNC_QUEUE } from '../../src/worker/queue.js';
import { syncQueueSize } from '../../src/worker/queue-size.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable, sql } from '../state/postgres-fixture.js';
import { startApprovalWorld, untilWorkersPresent, type ApprovalWorld } from './approval-world.js';
import { APPROVE_TOKEN, hiddenField, postForm, startReceiver, VIEW_TOKEN } from './console-world.js';

const available = await postgresAvailable();

/** A nightly run of the target that the delete guard blocks (10 products down to 4); its run id. */
async function blockedRun(
  w: ApprovalWorld,
  shop: { name: string; client: number },
  products = 4,
): Promise<string> {
  await w.writeExport(shop, products);
  const nightly = await w.run(['apply', '--target', shop.name, '--yes', '--log-format', 'json']);
  expect(nightly.code, nightly.stderr).toBe(3);
  const end = nightly.stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { event: string; outcome: string; runId: string })
    .find((event) => event.event === 'run_end')!;
  expect(end.outcome).toBe('blocked');
  return end.runId;
}

async function approve(url: string, runId: string): Promise<{ status: number; text: string }> {
  const page = await fetch(`${url}t/shop/runs/${runId}`, {
    headers: { authorization: `Bearer ${APPROVE_TOKEN}` },
  });
  const csrf = hiddenField(await page.text(), 'csrf');
  return postForm(
    `${url}t/shop/runs/${runId}/decision`,
    { csrf, decision: 'approve' },
    { token: APPROVE_TOKEN },
  );
}

/** alice's approval of a run, as the console records it. */
const decisionOf = (state: 'queued' | 'applying'): RunDecision => ({
  ...{ action: 'approve', by: 'alice', via: 'token', at: new Date().toISOString(), link: null },
  ...{ state, appliedRun: null, reason: null },
});

/** The webhook body of a run, once told (the worker tells it after recording the decision). */
async function toldOf(bodies: Record<string, unknown>[], runId: string): Promise<Record<string, unknown>> {
  for (let waited = 0; ; waited += 100) {
    const body = bodies.find((one) => one.runId === runId);
    if (body) return body;
    if (waited > 20_000) throw new Error(`run ${runId} was never told: ${JSON.stringify(bodies)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ledger = (schema: string) =>
  sql<{ source: string; state: string; exit_code: number | null; run_id: string | null }>(
    `SELECT source, state, exit_code, run_id FROM "${schema}".worker_jobs WHERE source = 'approval' ORDER BY queued_at`,
  );

describe.runIf(available)('menusync serve beside workers: an approval is applied by a worker', () => {
  it('queues the approval, and the worker applies exactly the kept plan once and records it', async () => {
    const hook = await startReceiver();
    const shop = { name: 'shop', client: 1, notify: hook.url };
    const w = await startApprovalWorld(testTempDir('worker-approval'), [shop]);
    expect((await w.run(['apply', '--all', '--yes'])).code).toBe(0);
    await w.publish('https://menus.example.com');
    const queue = await w.queue();
    // No worker yet: the console would apply an approval itself.
    expect(await queue.workersPresent()).toBe(false);
    const worker = w.worker('solo');
    await worker.saw('taking syncs');
    await untilWorkersPresent(queue);
    const c = await w.serveBesideWorkers();
    const runId = await blockedRun(w, shop);
    // A single-target apply's webhook carries the manager's link too.
    expect(hook.bodies).toHaveLength(1);
    expect(hook.bodies[0]!.approval).toMatch(
      new RegExp(`^https://menus\\.example\\.com/link/shop/${runId}\\?`),
    );
    const imports = w.importCount(1);

    const decided = await approve(c.url, runId);
    expect(decided.status, decided.text).toBe(200);
    expect(decided.text).toMatch(/approved by alice at .*, queued for a worker/);
    const done = await w.waitForDecision(
      shop,
      runId,
      (d) => d?.state !== 'queued' && d?.state !== 'applying',
    );
    expect(done).toMatchObject({ state: 'applied', by: 'alice', reason: null });
    expect(w.importCount(1)).toBe(imports + 1);
    expect(w.platformProducts(1)).toBe(4);
    const jobs = await ledger(w.stateUrl.split('schema=')[1]!);
    expect(jobs).toEqual([{ source: 'approval', state: 'succeeded', exit_code: 0, run_id: done.appliedRun }]);
    // The webhook is told the run the approval made, with whose approval it was.
    const told = await toldOf(hook.bodies, done.appliedRun!);
    expect(told).toMatchObject({ outcome: 'applied', decision: { blockedRun: runId, state: 'applied' } });
    expect((told.decision as { line: string }).line).toMatch(/^approved by alice at .*, applied in run /);
    // The console's run page and the history say who approved and which run applied it.
    await c.context.index.refresh();
    const page = await w.get(`${c.url}t/shop/runs/${runId}`, VIEW_TOKEN);
    expect(page.text).toContain(`approved by alice at ${done.at}, applied in run ${done.appliedRun}`);
    const history = await w.run(['history', '--target', 'shop']);
    expect(history.stdout).toContain(`applied in run ${done.appliedRun}`);

    // Approved after the snapshot moved on (a run applied between): the worker's run refuses the
    // stale plan, the approval is void, and that run's webhook carries no link (it kept no plan).
    const stale = await blockedRun(w, shop, 1);
    await w.writeExport(shop, 3);
    expect((await w.run(['apply', '--target', 'shop', '--yes'])).code).toBe(0);
    await w.writeExport(shop, 1);
    expect((await approve(c.url, stale)).text).toContain('queued for a worker');
    const voided = await w.waitForDecision(shop, stale, (d) => d?.state === 'void');
    expect(voided.reason).toMatch(/changed since/);
    const refused = await toldOf(hook.bodies, voided.appliedRun!);
    expect(refused).toMatchObject({ outcome: 'blocked', decision: { blockedRun: stale, state: 'void' } });
    expect(refused.approval).toBeUndefined();
    worker.proc.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);
    await untilWorkersPresent(queue, false);
  }, 120_000);

  it('never sends a plan twice: a retried job finds the approval applying, a held target waits', async () => {
    const shop = { name: 'shop', client: 1 };
    const w = await startApprovalWorld(testTempDir('worker-approval-guard'), [shop]);
    expect((await w.run(['apply', '--all', '--yes'])).code).toBe(0);
    const queue = await w.queue();
    const worker = w.worker('solo');
    await worker.saw('taking syncs');
    await untilWorkersPresent(queue);
    const c = await w.serveBesideWorkers();
    const schema = w.stateUrl.split('schema=')[1]!;

    // A worker died while applying an approval: its job comes back and finds the decision applying.
    const crashed = await blockedRun(w, shop);
    const imports = w.importCount(1);
    await writeDecision(w.targetStore(shop), crashed, decisionOf('applying'));
    await enqueueApproval(queue, 'shop', crashed);
    const failed = await w.waitForDecision(shop, crashed, (d) => d?.state === 'failed');
    expect(failed.reason).toMatch(/stopped before it ended; it is not sent twice/);
    expect(w.importCount(1)).toBe(imports);

    // The target's lock is held (a nightly run of it) when the approval's job comes: it waits, then
    // applies once. (The console records the decision under that lock too: it is written here.)
    const second = await blockedRun(w, shop);
    await writeDecision(w.targetStore(shop), second, {
      ...decisionOf('queued'),
      at: new Date().toISOString(),
    });
    const lock = await w.targetStore(shop).lock();
    try {
      await enqueueApproval(queue, 'shop', second);
      for (let waited = 0; !(await ledger(schema)).some((job) => job.state === 'held'); waited += 200) {
        if (waited > 20_000) throw new Error(`never held: ${JSON.stringify(await ledger(schema))}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(w.importCount(1)).toBe(imports);
      expect((await w.decision(shop, second))?.state).toBe('queued');
      // The held job's follow-up waits in the queue: counted like any other job (between its
      // attempts: one runs a moment each second).
      const depth = async () => {
        await c.context.index.refresh();
        return /^menusync_queue_depth (\d+)$/m.exec((await w.get(`${c.url}metrics`, VIEW_TOKEN)).text)?.[1];
      };
      for (let waited = 0; (await depth()) !== '1'; waited += 100) {
        if (waited > 10_000) throw new Error('the approval job was never counted as waiting');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The target's own sync is still queued beside the waiting approval (keys of their own).
      expect((await w.run(['fleet', 'enqueue', '--target', 'shop'])).code).toBe(0);
      const syncs = await sql<{ job_id: string }>(
        `SELECT job_id::text AS job_id FROM "${schema}".worker_jobs WHERE source = 'enqueue'`,
      );
      expect(syncs).toHaveLength(1);
      // Taken back out: this target's config sends its whole menu each run (mode: replace), so
      // the sync would add an import of its own in whichever order the two ran.
      await queue.boss.cancel(SYNC_QUEUE, syncs[0]!.job_id);
    } finally {
      await lock.release();
    }
    const applied = await w.waitForDecision(shop, second, (d) => d?.state === 'applied');
    expect(w.importCount(1)).toBe(imports + 1);
    // The crashed approval's job; the held one's attempts (one a second while the lock was held);
    // the one that applied it.
    const states = (await ledger(schema)).map((job) => job.state);
    expect(states[0]).toBe('failed');
    expect(states.at(-1)).toBe('succeeded');
    expect(states.slice(1, -1).length).toBeGreaterThan(0);
    expect(states.slice(1, -1).every((state) => state === 'held')).toBe(true);
    expect((await ledger(schema)).at(-1)!.run_id).toBe(applied.appliedRun);
    worker.proc.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);
  }, 120_000);

  it('a worker killed while it sends an approved plan: the job comes back elsewhere and sends nothing again', async () => {
    const shop = { name: 'shop', client: 1 };
    const w = await startApprovalWorld(testTempDir('worker-approval-crash'), [shop]);
    expect((await w.run(['apply', '--all', '--yes'])).code).toBe(0);
    const queue = await w.queue();
    const runId = await blockedRun(w, shop);
    const imports = w.importCount(1);
    await writeDecision(w.targetStore(shop), runId, decisionOf('queued'));
    // The import takes 4 s: long enough to kill the worker while it is out.
    w.sandbox.injectFaults([{ kind: 'delay', ms: 4000, path: '/menu/import' }]);
    const doomed = w.worker('doomed');
    await doomed.saw('taking syncs');
    await enqueueApproval(queue, 'shop', runId, { retryLimit: 3, retryDelaySeconds: 1, expireSeconds: 2 });
    await w.waitForDecision(shop, runId, (d) => d?.state === 'applying');
    doomed.proc.kill('SIGKILL');
    await doomed.exited;
    // Its lock went with its sessions; the job expires and the next worker takes it.
    const survivor = w.worker('survivor');
    const failed = await w.waitForDecision(shop, runId, (d) => d?.state === 'failed');
    expect(failed.reason).toMatch(/stopped before it ended; it is not sent twice/);
    const schema = w.stateUrl.split('schema=')[1]!;
    const jobs = await sql<{ state: string; attempts: number; worker: string }>(
      `SELECT state, attempts, worker FROM "${schema}".worker_jobs WHERE source = 'approval'`,
    );
    expect(jobs).toEqual([{ state: 'failed', attempts: 2, worker: 'survivor' }]);
    // At most the killed worker's own import reached the platform (whether it landed is the
    // platform's affair); the job, on its second worker, sent none.
    expect(w.importCount(1)).toBeLessThanOrEqual(imports + 1);
    survivor.proc.kill('SIGTERM');
    expect((await survivor.exited).code).toBe(0);
  }, 120_000);
  it("counts jobs, not targets: an approval waiting beside its target's sync is two", async () => {
    const shop = { name: 'shop', client: 1 };
    const w = await startApprovalWorld(testTempDir('console-queue-depth'), [shop]);
    const queue = await w.queue();
    const c = await w.serveBesideWorkers();
    const metric = async (name: string) =>
      new RegExp(`^${name} (\\d+)$`, 'm').exec((await w.get(`${c.url}metrics`, VIEW_TOKEN)).text)?.[1];
    expect(await metric('menusync_queue_depth')).toBe('0');
    // No worker runs here: both jobs stay queued for the one target.
    await enqueueApproval(queue, 'shop', '20261129T020000000Z-000001');
    expect((await w.run(['fleet', 'enqueue', '--target', 'shop'])).code).toBe(0);
    expect(await syncQueueSize(queue)).toEqual({ waiting: 2, running: 0 });
    expect(await metric('menusync_queue_depth')).toBe('2');
    expect(await metric('menusync_jobs_in_flight')).toBe('0');
  }, 60_000);
});

import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { verifyApproval } from '../../src/notify/approval-link.js';
import { startEffectsWorld, type EffectsWorld } from '../fleet/effects-world.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable } from '../state/postgres-fixture.js';

const available = await postgresAvailable();
const KEY = 'approval-link-key-0123456789abcdef0123456789';
const PUBLIC = 'https://menus.example.com/console';

/** The scenario's world with `console:` in its config: a public URL and the key links are signed with. */
async function world(name: string): Promise<EffectsWorld> {
  const w = await startEffectsWorld(testTempDir(name));
  const config = parse(await readFile(w.config, 'utf8')) as Record<string, unknown>;
  await writeFile(w.config, stringify({ ...config, console: { public_url: PUBLIC, key: KEY } }));
  return w;
}

/** The blocked target's webhook body carries a link to exactly that run, signed with the key. */
function expectLink(w: EffectsWorld): void {
  const bodies = w.received.filter((post) => post.path === '/blocked').map((post) => post.body);
  expect(bodies).toHaveLength(1);
  const body = bodies[0]!;
  expect(body).toMatchObject({ outcome: 'blocked' });
  const link = new URL(body.approval as string);
  expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC}/link/blocked/${body.runId as string}`);
  expect(verifyApproval(KEY, 'blocked', body.runId as string, link.searchParams, new Date())).toMatchObject({
    target: 'blocked',
    runId: body.runId,
  });
  // An applied run has nothing to approve: no link.
  const fresh = w.received.filter((post) => post.path === '/fresh').map((post) => post.body);
  for (const other of fresh) expect(other.approval).toBeUndefined();
}

async function until(done: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !done(); waited += 100) {
    if (waited > 40_000) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(available)("a blocked run's webhook carries the manager's link, whoever ran it", () => {
  it('from a single-target apply', async () => {
    const w = await world('link-single');
    const blocked = await w.run(['apply', '--target', 'blocked', '--yes']);
    expect(blocked.code, blocked.stderr).toBe(3);
    expectLink(w);
  }, 60_000);

  it('from a fleet apply', async () => {
    const w = await world('link-fleet');
    const fleet = await w.run(['apply', '--all', '--yes']);
    expect(fleet.code, fleet.stderr).toBe(3);
    expectLink(w);
  }, 60_000);

  it("from a worker's job", async () => {
    const w = await world('link-worker');
    const worker = w.worker('solo', ['--concurrency', '1', '--poll-seconds', '0.5']);
    await worker.saw('taking syncs');
    const enqueued = await w.run(['fleet', 'enqueue', '--all', '--retries', '0']);
    expect(enqueued.code, enqueued.stderr).toBe(0);
    await until(() => w.received.length >= 2, `both targets' webhooks told: ${worker.output()}`);
    worker.proc.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);
    expectLink(w);
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { runFleet } from '../../src/library/index.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable } from '../state/postgres-fixture.js';
import { startEffectsWorld, type EffectsWorld, type WebhookPost } from './effects-world.js';

const available = await postgresAvailable();

/** What may differ between two runs of one scenario: times, ids, durations, file paths. */
const VARYING = new Set(['ts', 'runId', 'report', 'startedAt', 'finishedAt', 'ms', 'durationMs', 'file']);

function steady(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(steady);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !VARYING.has(key))
      .map(([key, inner]) => [key, steady(inner)]),
  );
}

/** The POSTs as a set (targets finish in any order), without what varies from run to run. */
function posts(received: readonly WebhookPost[]): unknown[] {
  return received
    .map((post) => ({ path: post.path, body: steady(post.body) }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** `menusync history --all --json`: each target's runs, as the state records them. */
async function history(world: EffectsWorld): Promise<unknown> {
  const result = await world.run(['history', '--all', '--json']);
  expect(result.code, result.stderr).toBe(0);
  return steady(JSON.parse(result.stdout));
}

async function until(done: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !done(); waited += 100) {
    if (waited > 40_000) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `menusync worker` runs the fleet's targets as queued jobs; stopped with SIGTERM once both told. */
async function throughWorker(world: EffectsWorld): Promise<void> {
  const worker = world.worker('solo', [
    '--concurrency',
    '1',
    '--poll-seconds',
    '0.5',
    '--supervise-seconds',
    '1',
  ]);
  await worker.saw('taking syncs');
  const enqueued = await world.run(['fleet', 'enqueue', '--all', '--retries', '0']);
  expect(enqueued.code, enqueued.stderr).toBe(0);
  await until(() => world.received.length >= 2, `both targets' webhooks told: ${worker.output()}`);
  worker.proc.kill('SIGTERM');
  expect((await worker.exited).code).toBe(0);
}

/** The posts with the guard's advice named alike: `--allow-empty` (CLI) and `guards.allowEmpty` (library). */
const advice = (bodies: unknown[]): unknown =>
  JSON.parse(JSON.stringify(bodies).replaceAll('guards.allowEmpty', '--allow-empty'));

describe.runIf(available)('one run, whoever starts it', () => {
  it('tells the same webhooks and leaves the same history from the CLI, the worker and the library', async () => {
    const cli = await startEffectsWorld(testTempDir('effects-cli'));
    const applied = await cli.run(['apply', '--all', '--yes']);
    expect(applied.code, applied.stderr).toBe(3);

    const library = await startEffectsWorld(testTempDir('effects-library'));
    const result = await runFleet({
      command: 'apply',
      config: library.config,
      all: true,
      allowRemovals: true,
    });
    expect(result.exit).toBe(3);
    expect(result.warnings).toEqual([]);

    const worker = await startEffectsWorld(testTempDir('effects-worker'));
    await throughWorker(worker);

    // Each target's webhook once per run: blocked (classes blocked) and fresh (applied).
    const targetPosts = (world: EffectsWorld) => posts(world.received.filter((p) => p.path !== '/fleet'));
    expect(targetPosts(cli).map((post) => (post as { path: string }).path)).toEqual(['/blocked', '/fresh']);
    expect(cli.received.find((p) => p.path === '/blocked')!.body).toMatchObject({
      event: 'run_end',
      outcome: 'blocked',
      classes: ['blocked'],
      exit: 3,
    });
    // The same posts, but for how each caller names the setting a guard's advice names: the CLI and
    // its worker by flag, the library by option (the data, blockedBy[].allows, is the same).
    expect(JSON.stringify(targetPosts(cli))).toContain('pass --allow-empty if intended');
    expect(JSON.stringify(targetPosts(library))).toContain('pass guards.allowEmpty if intended');
    expect(advice(targetPosts(library))).toEqual(advice(targetPosts(cli)));
    expect(advice(targetPosts(worker))).toEqual(advice(targetPosts(cli)));
    // A fleet (CLI and library) tells the config's top-level webhook once; a worker runs jobs, no fleet.
    const fleetPosts = (world: EffectsWorld) => posts(world.received.filter((p) => p.path === '/fleet'));
    expect(fleetPosts(cli)).toHaveLength(1);
    expect(advice(fleetPosts(library))).toEqual(advice(fleetPosts(cli)));
    expect(fleetPosts(worker)).toEqual([]);

    const cliHistory = await history(cli);
    expect(await history(library)).toEqual(cliHistory);
    expect(await history(worker)).toEqual(cliHistory);
    expect(JSON.stringify(cliHistory)).toMatch(
      /"outcome":"blocked".*"outcome":"applied"|"outcome":"applied".*"outcome":"blocked"/,
    );
  }, 120_000);
});

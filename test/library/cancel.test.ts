import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { RunCancelledError } from '../../src/errors.js';
import { apply, plan, runFleet } from '../../src/library/index.js';
import type { ApplyRunOptions } from '../../src/library/options.js';
import { sandboxClient, sandboxClients, startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { readSnapshot } from '../../src/state/snapshot.js';
import { targetDir } from '../../src/state/target.js';
import { DEMO_MAPPING, menuCsv } from '../cli-apply/fixture.js';
import { startFleetWorld } from '../fleet/fleet-world.js';
import { testTempDir } from '../helpers/temp-dir.js';

/** Resolves once the sandbox has received `count` import requests (it logs a request as it arrives). */
async function importsArrived(sandbox: SandboxHandle, count: number): Promise<void> {
  const imports = () =>
    sandbox.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/menu/import'));
  for (let waited = 0; imports().length < count; waited += 20) {
    if (waited > 20_000) throw new Error(`only ${imports().length} of ${count} imports arrived`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a library run cancelled by its AbortSignal', () => {
  let sandbox: SandboxHandle;
  let dir: string;
  let state: string;
  let folder: string;
  const id = sandboxClient(1);

  const options = (input: string, extra: Partial<ApplyRunOptions> = {}): ApplyRunOptions => ({
    mapping: DEMO_MAPPING,
    inputs: [path.join(dir, input)],
    target: { baseUrl: sandbox.url, clientId: id.clientId, clientSecret: id.clientSecret, maxAttempts: 1 },
    state,
    allowRemovals: true,
    ...extra,
  });
  const item1Price = async () =>
    (await readSnapshot(folder))!.menu.products.find((p) => p.ext_id === 'item-1')?.price;

  beforeAll(async () => {
    sandbox = await startSandbox({ clients: sandboxClients(1) });
    // Shared by the tests of this block (testTempDir is per test): removed in afterAll.
    dir = await mkdtemp(path.join(tmpdir(), 'menusync-cancel-'));
    state = path.join(dir, 'state');
    folder = targetDir(state, { baseUrl: sandbox.url, clientId: id.clientId });
    await writeFile(path.join(dir, 'v1.csv'), menuCsv(6));
    await writeFile(path.join(dir, 'v2.csv'), menuCsv(6, 0.5));
    const first = await apply(options('v1.csv'));
    expect(first.exit, String(first.errorText)).toBe(0);
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stops a slow import at once: snapshot unchanged, lock free, report cancelled, and the next run applies', async () => {
    expect(await item1Price()).toBe(2.1);
    // The import is held 15 s: only the abort can end the run sooner.
    sandbox.injectFaults([{ kind: 'delay', ms: 15_000, path: '/menu/import', count: 1 }]);
    onTestFinished(() => sandbox.clearFaults());
    const controller = new AbortController();
    const before = sandbox.importCount(id.clientId);
    const running = apply(options('v2.csv', { signal: controller.signal }));
    await importsArrived(sandbox, 2);
    const abortedAt = performance.now();
    controller.abort();
    const result = await running;
    expect(performance.now() - abortedAt).toBeLessThan(5_000);

    expect(result.error).toBeInstanceOf(RunCancelledError);
    expect(result.exit).toBe(130);
    expect(result.outcome?.report.outcome).toBe('cancelled');
    expect(result.outcome?.report.errors).toEqual(['cancelled: the run was stopped by its AbortSignal']);
    // History says so: the run's report.json in the state.
    const stored = JSON.parse(await readFile(path.join(result.outcome!.runDir, 'report.json'), 'utf8')) as {
      outcome: string;
    };
    expect(stored.outcome).toBe('cancelled');
    expect(await item1Price()).toBe(2.1);
    await expect(readFile(path.join(folder, 'lock'))).rejects.toThrow(/ENOENT/);
    // The import may have reached the platform: the next run sends the whole menu.
    const status = JSON.parse(await readFile(path.join(folder, 'status.json'), 'utf8')) as {
      uncertain: boolean;
    };
    expect(status.uncertain).toBe(true);
    expect(sandbox.importCount(id.clientId)).toBe(before);

    const next = await apply(options('v2.csv'));
    expect(next.exit, String(next.errorText)).toBe(0);
    expect(next.outcome?.report.mode).toBe('replace');
    expect(await item1Price()).toBe(2.6);
  });

  it('does nothing when the signal is aborted before the start', async () => {
    const runs = await readdir(path.join(folder, 'runs'));
    const requests = sandbox.requests.length;
    const result = await apply(options('v1.csv', { signal: AbortSignal.abort() }));
    expect(result.error).toBeInstanceOf(RunCancelledError);
    expect(result.exit).toBe(130);
    expect(result.outcome).toBeUndefined();
    const planned = await plan({ ...options('v1.csv'), signal: AbortSignal.abort() });
    expect(planned.error).toBeInstanceOf(RunCancelledError);
    expect(planned.plan).toBeUndefined();
    expect(sandbox.requests.length).toBe(requests);
    expect(await readdir(path.join(folder, 'runs'))).toEqual(runs);
    await expect(readFile(path.join(folder, 'lock'))).rejects.toThrow(/ENOENT/);
  });
});

describe('runFleet cancelled by its AbortSignal', () => {
  it('starts no target after the abort and ends the running one cancelled', async () => {
    const world = await startFleetWorld(testTempDir('cancel-fleet'), [
      { name: 'first', client: 1 },
      { name: 'second', client: 2 },
      { name: 'third', client: 3 },
    ]);
    onTestFinished(() => world.close());
    world.sandbox.injectFaults([{ kind: 'delay', ms: 15_000, path: '/menu/import', count: 1 }]);
    const controller = new AbortController();
    const running = runFleet({
      command: 'apply',
      config: world.config,
      all: true,
      concurrency: 1,
      signal: controller.signal,
    });
    await importsArrived(world.sandbox, 1);
    controller.abort();
    const result = await running;
    expect(result.entries.map((entry) => [entry.target, entry.exit])).toEqual([['first', 130]]);
    expect(result.exit).not.toBe(0);
    expect(result.report.summary.total).toBeGreaterThanOrEqual(1);
    expect([2, 3].map((client) => world.products(client))).toEqual([0, 0]);
    await expect(readFile(path.join(world.targetDir(1), 'lock'))).rejects.toThrow(/ENOENT/);

    await expect(
      runFleet({ command: 'apply', config: world.config, all: true, signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(RunCancelledError);
  });
});

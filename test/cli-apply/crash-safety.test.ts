import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MenuSnapshot, readSnapshot, TargetStatus } from '../../src/state/snapshot.js';
import { targetDir } from '../../src/state/target.js';
import { PAUSE_MARKER, PAUSED_CLI } from '../helpers/pause.js';
import { menuCsv, spawnCli, startWorld, type CliWorld } from './fixture.js';

let w: CliWorld;
let input: string;
beforeEach(async () => {
  w = await startWorld();
  input = await w.writeExport('menu.csv', menuCsv(12));
  const first = await w.run(w.args('apply', input));
  expect(first.code, first.stderr).toBe(0);
  // The next apply is a merge of new prices: v1 has item-1 at 2.10, v2 at 3.10.
  await w.writeExport('menu.csv', menuCsv(12, 1));
});
afterEach(async () => {
  await w.close();
});

const dir = () => targetDir(w.stateDir, { baseUrl: w.sandbox.url, clientId: w.clientId, posUid: 'default' });

/** The snapshot must parse, match its own hash, and be v1 or v2: never torn, never a mix. */
async function snapshotVersion(): Promise<'v1' | 'v2'> {
  // One whole JSON document, and readSnapshot finds its hash matches its bytes (it throws if not).
  MenuSnapshot.parse(JSON.parse(await readFile(path.join(dir(), 'snapshot.json'), 'utf8')));
  const snapshot = (await readSnapshot(dir()))!;
  const price = snapshot.menu.products.find((p) => p.ext_id === 'item-1')?.price;
  expect([2.1, 3.1]).toContain(price);
  return price === 2.1 ? 'v1' : 'v2';
}

async function status(): Promise<TargetStatus> {
  return TargetStatus.parse(JSON.parse(await readFile(path.join(dir(), 'status.json'), 'utf8')));
}

/** After any crash the next plan is a full replace, and the next apply brings the platform to v2. */
async function expectRecovery(): Promise<void> {
  const planned = await w.run(w.args('plan', input));
  expect(planned.stdout).toMatch(/Plan: replace \(the platform state is uncertain/);
  const next = await w.run(w.args('apply', input));
  expect(next.code, next.stderr).toBe(0);
  expect(await snapshotVersion()).toBe('v2');
  expect((await status()).uncertain).toBe(false);
  expect(w.sandbox.exportMenu(w.clientId).products.find((p) => p.ext_id === 'item-1')?.price).toBe(3.1);
}

describe('apply killed with SIGKILL', () => {
  it.each([
    ['before-send', 'v1'],
    ['before-rename', 'v1'],
    ['after-snapshot', 'v2'],
  ] as const)('at %s leaves the %s snapshot intact and the target uncertain', async (point, version) => {
    const live = spawnCli(w.args('apply', input), w.env, w.dir, [PAUSED_CLI, point]);
    await live.waitFor(`${PAUSE_MARKER}=${point}`);
    live.child.kill('SIGKILL');
    expect((await live.done).signal).toBe('SIGKILL');
    expect(await snapshotVersion()).toBe(version);
    expect((await status()).uncertain).toBe(true);
    await expectRecovery();
  });

  it('mid-request at random moments never leaves a torn snapshot', async () => {
    w.sandbox.injectFaults([{ kind: 'delay', ms: 1_500, path: '/menu/import', count: 10 }]);
    for (let round = 0; round < 4; round++) {
      const live = spawnCli(w.args('apply', input), w.env, w.dir);
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 1_500));
      live.child.kill('SIGKILL');
      await live.done;
      await snapshotVersion();
    }
    w.sandbox.clearFaults();
    const next = await w.run(w.args('apply', input));
    expect(next.code, next.stderr).toBe(0);
    expect(await snapshotVersion()).toBe('v2');
  });
});

describe('apply stopped by a signal', () => {
  it.each([
    ['SIGINT', 'before-send', 130, 'v1'],
    ['SIGTERM', 'after-snapshot', 143, 'v2'],
  ] as const)(
    '%s at %s exits %i with one line, frees the lock, and the next run recovers',
    async (signal, point, code, version) => {
      const live = spawnCli(w.args('apply', input), w.env, w.dir, [PAUSED_CLI, point]);
      await live.waitFor(`${PAUSE_MARKER}=${point}`);
      live.child.kill(signal);
      const result = await live.done;
      expect(result.code).toBe(code);
      expect(result.stderr).toMatch(new RegExp(`stopped by ${signal}; .*next apply sends a full replace`));
      expect(result.stderr).not.toMatch(/\n\s+at /);
      await expect(readFile(path.join(dir(), 'lock'))).rejects.toThrow(/ENOENT/);
      expect(await snapshotVersion()).toBe(version);
      expect((await status()).uncertain).toBe(true);
      await expectRecovery();
    },
  );
});

describe('an import whose outcome is unknown', () => {
  it('exits 1, keeps the old snapshot, and the next run replaces', async () => {
    w.sandbox.injectFaults([{ kind: 'lost-after-apply', count: 5 }]);
    const lost = await w.run(w.args('apply', input));
    expect(lost.code).toBe(1);
    expect(await snapshotVersion()).toBe('v1');
    expect((await status()).reason).toMatch(/may have applied/);
    w.sandbox.clearFaults();
    await expectRecovery();
  });
});

describe('apply stopped by SIGINT during a slow import', () => {
  it('cancels the run as an AbortSignal does: report cancelled, exit 130, lock free, snapshot unchanged', async () => {
    // Held 15 s by the sandbox: only the cancellation ends the run sooner (the CLI's grace is 5 s).
    w.sandbox.injectFaults([{ kind: 'delay', ms: 15_000, path: '/menu/import', count: 1 }]);
    const live = spawnCli(w.args('apply', input), w.env, w.dir);
    for (let waited = 0; w.imports() < 2; waited += 20) {
      if (waited > 20_000) throw new Error(`the import never arrived: ${live.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const signalled = performance.now();
    live.child.kill('SIGINT');
    const result = await live.done;
    expect(performance.now() - signalled).toBeLessThan(4_000);
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/stopped by SIGINT; .*next apply sends a full replace/);
    expect(result.stderr).toMatch(/^error: stopped by SIGINT/m);
    expect(result.stderr).not.toMatch(/\n\s+at /);

    await expect(readFile(path.join(dir(), 'lock'))).rejects.toThrow(/ENOENT/);
    expect(await snapshotVersion()).toBe('v1');
    const runs = (await readdir(path.join(dir(), 'runs'))).sort();
    const report = JSON.parse(
      await readFile(path.join(dir(), 'runs', runs.at(-1)!, 'report.json'), 'utf8'),
    ) as {
      outcome: string;
      errors: string[];
    };
    expect(report).toMatchObject({ outcome: 'cancelled', errors: ['stopped by SIGINT'] });

    w.sandbox.clearFaults();
    const next = await w.run(w.args('apply', input));
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toMatch(/replace/);
  });
});

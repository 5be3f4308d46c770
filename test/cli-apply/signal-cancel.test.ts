import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/state/snapshot.js';
import { targetDir } from '../../src/state/target.js';
import { menuCsv, spawnCli, startWorld, type CliWorld } from './fixture.js';

let w: CliWorld;
let input: string;
beforeEach(async () => {
  w = await startWorld();
  input = await w.writeExport('menu.csv', menuCsv(12));
  const first = await w.run(w.args('apply', input));
  expect(first.code, first.stderr).toBe(0);
  await w.writeExport('menu.csv', menuCsv(12, 1));
});
afterEach(async () => {
  await w.close();
});

const dir = () => targetDir(w.stateDir, { baseUrl: w.sandbox.url, clientId: w.clientId, posUid: 'default' });

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
    const price = (await readSnapshot(dir()))!.menu.products.find((p) => p.ext_id === 'item-1')?.price;
    expect(price).toBe(2.1);
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

import { spawn } from 'node:child_process';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { targetDir } from '../../src/state/target.js';
import { menuCsv, spawnCli, startWorld, type CliWorld } from './fixture.js';

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

const dir = () => targetDir(w.stateDir, { baseUrl: w.sandbox.url, clientId: w.clientId, posUid: 'default' });

async function waitForFile(file: string): Promise<void> {
  for (;;) {
    try {
      await access(file);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

describe('target lock between processes', () => {
  it('lets one of two concurrent applies run and stops the other with exit 4', async () => {
    const input = await w.writeExport('menu.csv', menuCsv(6));
    // The first apply is held mid-request by a delay fault while the second one starts: long
    // enough for a second CLI process to start on a busy machine (2 s was not, under load).
    w.sandbox.injectFaults([{ kind: 'delay', ms: 6_000, path: '/menu/import' }]);
    const first = spawnCli(w.args('apply', input), w.env, w.dir);
    await waitForFile(path.join(dir(), 'lock'));
    const second = await w.run(w.args('apply', input));
    expect(second.code).toBe(4);
    expect(second.stderr).toMatch(/locked by process/);
    const done = await first.done;
    expect(done.code, done.stderr).toBe(0);
    expect(w.imports()).toBe(1);
  });

  it('takes over a stale lock left by a dead process', async () => {
    const input = await w.writeExport('menu.csv', menuCsv(6));
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    await mkdir(dir(), { recursive: true });
    const stale = { pid: dead.pid, hostname: hostname(), startedAt: '2020-01-01T00:00:00.000Z' };
    await writeFile(path.join(dir(), 'lock'), JSON.stringify(stale));
    const result = await w.run(w.args('apply', input));
    expect(result.code, result.stderr).toBe(0);
    await expect(access(path.join(dir(), 'lock'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LockHeldError } from '../../src/errors.js';
import { acquireLock, LOCK_FILE } from '../../src/state/lock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'menusync-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited, so it is certainly not alive. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid as number;
}

describe('target lock', () => {
  it('writes pid, hostname and start time, and removes the file on release', async () => {
    const lock = await acquireLock(dir);
    const content = JSON.parse(await readFile(path.join(dir, LOCK_FILE), 'utf8')) as Record<string, unknown>;
    expect(content).toMatchObject({ pid: process.pid, hostname: hostname() });
    await lock.release();
    await expect(readFile(path.join(dir, LOCK_FILE), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses with LockHeldError (exit 4) while a live process holds the lock', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      const info = { pid: child.pid, hostname: hostname(), startedAt: new Date().toISOString() };
      await writeFile(path.join(dir, LOCK_FILE), JSON.stringify(info));
      const error = await acquireLock(dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LockHeldError);
      expect((error as LockHeldError).exitCode).toBe(4);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a dead process', async () => {
    const info = { pid: await deadPid(), hostname: hostname(), startedAt: '2020-01-01T00:00:00.000Z' };
    await writeFile(path.join(dir, LOCK_FILE), JSON.stringify(info));
    const lock = await acquireLock(dir);
    expect(lock.info.pid).toBe(process.pid);
    await lock.release();
  });

  it('takes over an unreadable lock file', async () => {
    await writeFile(path.join(dir, LOCK_FILE), '{"pid": 12');
    const lock = await acquireLock(dir);
    await lock.release();
  });

  it('lets exactly one of many concurrent takers of a stale lock win', async () => {
    const info = { pid: await deadPid(), hostname: hostname(), startedAt: '2020-01-01T00:00:00.000Z' };
    await writeFile(path.join(dir, LOCK_FILE), JSON.stringify(info));
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => acquireLock(dir)));
    // Same process for all takers, so a later taker sees a lock of a live pid (ours) and is refused.
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(LockHeldError);
  });
});

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { rename, stat, unlink, writeFile } from 'node:fs/promises';
import { linkSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LockHeldError } from '../errors.js';
import { removeQuietly } from './atomic-write.js';
import { asStateWriteError } from './state-write-error.js';

export const LockInfo = z.object({ pid: z.number().int(), hostname: z.string(), startedAt: z.string() });
export type LockInfo = z.infer<typeof LockInfo>;

export interface TargetLock {
  file: string;
  info: LockInfo;
  release(): Promise<void>;
}

export const LOCK_FILE = 'lock';
// A takeover guard older than this belongs to a process that died mid-takeover.
const TAKEOVER_STALE_MS = 30_000;

/**
 * Takes the target's lock. The lock file appears with its full content in one step (written to a
 * temp file, then hard-linked: link() fails with EEXIST like O_EXCL), so no reader ever sees a
 * half-written lock. A lock of a dead process on this host is taken over under a second exclusive
 * guard file, re-checking that it is still the same stale lock, so two processes cannot both win.
 */
export async function acquireLock(dir: string, now: () => Date = () => new Date()): Promise<TargetLock> {
  const file = path.join(dir, LOCK_FILE);
  const info: LockInfo = { pid: process.pid, hostname: hostname(), startedAt: now().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(file, info)) return held(file, info);
    const current = readLock(file);
    if (current === undefined) continue; // released meanwhile: try again
    if (current !== null && isAlive(current)) {
      throw new LockHeldError(
        `target is locked by process ${current.pid} on ${current.hostname} since ${current.startedAt}`,
        { hint: `another menusync run is in progress; if it is not, remove ${file}` },
      );
    }
    await takeOverStale(dir, file, current);
  }
  throw new LockHeldError(`could not take the lock ${file}: it keeps changing hands`);
}

function held(file: string, info: LockInfo): TargetLock {
  let released = false;
  // A process that exits without reaching release() (process.exit in a signal handler) still frees it.
  const onExit = () => {
    if (!released) removeQuietly(file);
  };
  process.once('exit', onExit);
  return {
    file,
    info,
    async release() {
      if (released) return;
      released = true;
      process.removeListener('exit', onExit);
      const current = readLock(file);
      // Never remove a lock that is no longer ours.
      if (current && current.pid === info.pid && current.startedAt === info.startedAt) removeQuietly(file);
    },
  };
}

/**
 * Synchronous, like the lock's reads below: a lock file is a few dozen bytes on a local disk, and
 * each async call is a thread-pool round trip (a fleet takes and frees one lock per target).
 */
function createExclusive(file: string, info: LockInfo): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    // Inside the try: a write that fails after creating the file (ENOSPC) must not leave it behind.
    writeFileSync(temp, `${JSON.stringify(info)}\n`, { flag: 'wx' });
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw asStateWriteError(error, file);
  } finally {
    removeQuietly(temp);
  }
}

/** undefined: no lock file; null: a lock file we cannot read as a lock (treated as stale). */
function readLock(file: string): LockInfo | null | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = LockInfo.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A lock from another host is assumed alive: we cannot see its processes. */
export function isAlive(info: LockInfo): boolean {
  if (info.hostname !== hostname()) return true;
  if (info.pid === process.pid) return true;
  try {
    process.kill(info.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function takeOverStale(dir: string, file: string, seen: LockInfo | null): Promise<void> {
  const guard = path.join(dir, `${LOCK_FILE}.takeover`);
  try {
    await writeFile(guard, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (await stat(guard).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age > TAKEOVER_STALE_MS) await unlink(guard).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return;
  }
  try {
    const current = readLock(file);
    // Only remove the exact stale lock we judged; a fresh one taken meanwhile stays.
    if (current !== undefined && JSON.stringify(current) === JSON.stringify(seen)) {
      const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
      await rename(file, aside);
      await unlink(aside).catch(() => undefined);
    }
  } finally {
    await unlink(guard).catch(() => undefined);
  }
}

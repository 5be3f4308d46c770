import { randomBytes } from 'node:crypto';
import { closeSync, fsync, openSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, readdir, unlink } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import { asStateWriteError } from './state-write-error.js';

/** A file's content: text, bytes, or pieces of either written one after another. */
export type FileContent = string | Uint8Array | readonly (string | Uint8Array)[];

/** A file written and synced under a temp name, not yet in place: `commit` renames it over the target. */
export interface StagedFile {
  commit(): Promise<void>;
  /** Removes the temp file (the new content is not wanted after all). */
  discard(): Promise<void>;
}

interface AtomicOptions {
  /** Awaited once the file is written and synced, just before the rename (a crash checkpoint). */
  beforeRename?: () => Promise<void>;
  durable?: boolean;
}

/**
 * Writes a file so that a crash at any moment leaves either the old content or the new one, never
 * a torn file: temp file in the same directory (rename is only atomic within one file system),
 * fsync, rename over the target, then fsync the directory so the rename itself is durable. A write
 * that fails (ENOSPC, EROFS) removes its temp file and throws a StateWriteError naming the file.
 * `durable: false` keeps the temp-and-rename (no reader ever sees a torn file, and a killed process
 * loses nothing: the data is in the page cache) but skips both fsyncs, for files whose loss in a
 * power cut is acceptable (run history); state files keep the default.
 */
export async function writeFileAtomic(
  file: string,
  content: FileContent,
  options: AtomicOptions = {},
): Promise<void> {
  await (await stageFileAtomic(file, content, options)).commit();
}

/**
 * The first half of writeFileAtomic: the temp file written (and synced, if durable); the target is
 * untouched until `commit`. Lets a caller do the slow part while it waits for something that
 * decides whether the new content is wanted (apply: the platform's answer).
 */
export async function stageFileAtomic(
  file: string,
  content: FileContent,
  options: AtomicOptions = {},
): Promise<StagedFile> {
  const durable = options.durable ?? true;
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  // Open, write, close and rename are synchronous: state and history files are written whole
  // from memory to a local disk, where each async call costs a thread-pool round trip (a fleet
  // writes a few per target). Only fsync, which waits for the disk, leaves the event loop.
  let fd: number;
  try {
    fd = openSync(temp, 'wx', 0o600);
  } catch (error) {
    throw asStateWriteError(error, file);
  }
  try {
    // Pieces are written one after another: a big file need not become one string first, and
    // bytes already encoded (a body also sent over HTTP) are not encoded again.
    for (const piece of typeof content === 'string' || content instanceof Uint8Array ? [content] : content)
      writeFileSync(fd, piece, typeof piece === 'string' ? 'utf8' : undefined);
    if (durable) await fsyncFd(fd);
  } catch (error) {
    closeSync(fd);
    removeQuietly(temp);
    throw asStateWriteError(error, file);
  }
  closeSync(fd);
  const discard = async (): Promise<void> => removeQuietly(temp);
  return {
    commit: async () => {
      if (options.beforeRename) await options.beforeRename();
      try {
        renameSync(temp, file);
      } catch (error) {
        removeQuietly(temp);
        throw asStateWriteError(error, file);
      }
      if (durable) await syncDirectory(dir);
    },
    discard,
  };
}

export async function writeJsonAtomic(file: string, value: unknown, options?: AtomicOptions) {
  await writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`, options);
}

const fsyncFd = promisify(fsync);

/** Removes a file when it is there; a file already gone (or not removable) is no error. */
export function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    /* already gone */
  }
}

async function syncDirectory(dir: string): Promise<void> {
  // Some platforms (Windows) cannot open a directory for fsync; the rename is still atomic there.
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    /* best effort */
  }
}

/** The temp names stageFileAtomic gives: `.<file>.<pid>.<8 hex>.tmp`. */
const TEMP_NAME = /^\..+\.\d+\.[0-9a-f]{8}\.tmp$/;

/**
 * Removes the temp files of atomic writes that a process killed before its rename left in `dir`
 * (apply stages a snapshot as big as the menu while it waits for the platform). Only for a folder
 * whose lock the caller holds: a live writer's temp file would go too. Best effort.
 */
export async function removeStaleTemps(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => TEMP_NAME.test(name));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    try {
      await unlink(path.join(dir, name));
      removed.push(name);
    } catch {
      /* best effort */
    }
  }
  return removed;
}

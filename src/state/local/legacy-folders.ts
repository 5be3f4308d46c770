import { existsSync } from 'node:fs';
import { readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../../errors.js';
import { asStateWriteError } from '../state-write-error.js';
import { acquireLock, LOCK_FILE, LockInfo, type TargetLock } from '../lock.js';
import { listStateTargets, TARGET_FILE, type StateTargets } from '../target-identity.js';
import { sameMenu, type Target } from '../target.js';
import { legacyTargetKey } from './legacy-key.js';

/**
 * Older versions kept one folder per base URL, client id AND pos_uid. A client's menu
 * is one menu whatever pos_uid says, so its state now lives in one folder per base URL and client
 * id. The old folder of a client is adopted (renamed to the new name) the first time the client's
 * state is used, so its snapshot stays the baseline; it is not guessed at when there are several.
 */

/** The old-key folders of `target`'s client in `root`, by name. */
export async function findLegacyFolders(
  root: string,
  target: Target,
  scan: () => Promise<StateTargets> = () => listStateTargets(root),
): Promise<string[]> {
  const { legacy, unknown } = await scan();
  const names = legacy.filter((folder) => sameMenu(folder.identity, target)).map((folder) => folder.name);
  // Versions before target.json: only a folder named by this run's own pos_uid can be recognised,
  // and only when nothing in it says it is someone else's.
  const unmarked = legacyTargetKey(target);
  if (unknown.includes(unmarked) && !existsSync(path.join(root, unmarked, TARGET_FILE))) names.push(unmarked);
  return names.sort();
}

/**
 * Renames the client's old-key folder to `dir` when `dir` does not exist yet, under the old
 * folder's lock (an older menusync still running on it keeps it: LockHeldError, exit 4). Several
 * old folders of the client are refused (exit 2): which one matches the live menu is the user's call.
 * Returns the folder adopted, or null.
 */
export async function adoptLegacyFolder(
  root: string,
  dir: string,
  target: Target,
  scan?: () => Promise<StateTargets>,
): Promise<string | null> {
  if (existsSync(dir)) return null;
  const names = await findLegacyFolders(root, target, scan);
  if (names.length === 0) return null;
  if (names.length > 1) {
    throw new UsageError(
      `the state folder ${root} holds ${names.length} folders of client ${target.clientId} at ${target.baseUrl} from older versions of menusync (one per pos_uid, or per spelling of the base URL): ${names.join(', ')}`,
      {
        hint: `the platform keeps one menu per client: keep the folder whose last apply is the live menu, move the others out of ${root}, and run again`,
      },
    );
  }
  const old = path.join(root, names[0] as string);
  let lock: TargetLock;
  try {
    lock = await acquireLock(old);
  } catch (error) {
    // Another run adopted it between our look and our lock.
    if (!existsSync(old) && existsSync(dir)) return null;
    throw error;
  }
  let adopted = false;
  try {
    if (!existsSync(dir)) {
      await rename(old, dir);
      adopted = true;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Another run made the new folder meanwhile: it is the state now, the old folder stays.
    if (!((code === 'EEXIST' || code === 'ENOTEMPTY') && existsSync(dir))) {
      await lock.release();
      throw asStateWriteError(error, old);
    }
  }
  // The lock file moved with the folder: ours, so removed here (release() looks in the old place).
  if (adopted) await removeMovedLock(path.join(dir, LOCK_FILE), lock.info);
  await lock.release();
  return adopted ? old : null;
}

async function removeMovedLock(file: string, ours: LockInfo): Promise<void> {
  try {
    const info = LockInfo.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (info.success && info.data.pid === ours.pid && info.data.startedAt === ours.startedAt)
      await unlink(file);
  } catch {
    /* gone already; a lock of a dead process is taken over by the next run anyway */
  }
}

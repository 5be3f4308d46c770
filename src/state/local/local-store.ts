import { link, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { acquireLock, isAlive, LOCK_FILE, LockInfo } from '../lock.js';
import { removeStaleTemps } from '../atomic-write.js';
import { createRunRecord, pruneRuns, RUNS_DIR } from '../run-history.js';
import {
  readSnapshot,
  readStatus,
  SNAPSHOT_FILE,
  stageSnapshot,
  stageStatus,
  writeStatus,
} from '../snapshot.js';
import { ensureTargetDir, targetDir, type Target } from '../target.js';
import { listLocalRunFiles } from './run-files.js';
import { listStateTargets, writeTargetIdentity } from '../target-identity.js';
import type { StagedConfirmation, StateStore, StoredRun, StoredTarget, TargetStore } from '../store.js';

/** The file a run's confirmed menu is kept under in its folder: a hard link to that snapshot.json. */
export const RUN_SNAPSHOT_FILE = 'snapshot.json';

/** The default backend: one folder per target under the state folder (see docs/state.md). */
export function localStateStore(stateDir: string): StateStore {
  const root = path.resolve(stateDir);
  return {
    kind: 'local',
    location: root,
    target: (target) => localTargetStore(root, target),
    listTargets: () => listLocalTargets(root),
    close: async () => undefined,
  };
}

function localTargetStore(root: string, target: Target): TargetStore {
  const dir = targetDir(root, target);
  const runDir = (runId: string) => path.join(dir, RUNS_DIR, runId);
  return {
    target,
    location: dir,
    async lock(now) {
      await ensureTargetDir(dir);
      const lock = await acquireLock(dir, now);
      return { holder: `process ${lock.info.pid} on ${lock.info.hostname}`, release: () => lock.release() };
    },
    recover: async () => {
      await removeStaleTemps(dir);
    },
    writeIdentity: () => writeTargetIdentity(dir, target),
    readSnapshot: (options) => readSnapshot(dir, options),
    readStatus: () => readStatus(dir),
    writeStatus: (status) => writeStatus(dir, status),
    async stageConfirmed(input): Promise<StagedConfirmation> {
      const snapshot = await stageSnapshot(dir, input.snapshot, input.prepared);
      const status = await stageStatus(dir, input.status).catch(async (error: unknown) => {
        await snapshot.discard();
        throw error;
      });
      return {
        hash: snapshot.hash,
        async commit() {
          await snapshot.commit();
          // The run keeps the menu it confirmed for `rollback`: a hard link costs no copy, and the
          // next snapshot replaces snapshot.json by rename, leaving this one's bytes to the link.
          await keepRunSnapshot(dir, runDir(input.snapshot.runId));
          await status.commit();
        },
        async discard() {
          await Promise.all([snapshot.discard(), status.discard()]);
        },
      };
    },
    createRun: (runId) => createRunRecord(dir, runId),
    listRuns: () => listLocalRuns(dir),
    listRunFiles: (runId) => listLocalRunFiles(runDir(runId)),
    readRunFile: (runId, name) => readOptional(path.join(runDir(runId), name)),
    async confirmedSnapshot(runId) {
      const folder = runDir(runId);
      if (!(await exists(path.join(folder, RUN_SNAPSHOT_FILE)))) return null;
      return readSnapshot(folder);
    },
    pruneRuns: (keep, current) => pruneRuns(dir, keep, current),
  };
}

/** Best effort: a run folder that cannot take the link only loses its rollback point. */
async function keepRunSnapshot(dir: string, runFolder: string): Promise<void> {
  await link(path.join(dir, SNAPSHOT_FILE), path.join(runFolder, RUN_SNAPSHOT_FILE)).catch(() => undefined);
}

async function listLocalRuns(dir: string): Promise<StoredRun[]> {
  let names: string[];
  try {
    names = (await readdir(path.join(dir, RUNS_DIR), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (id) => {
      const location = path.join(dir, RUNS_DIR, id);
      return { id, location, confirmed: await exists(path.join(location, RUN_SNAPSHOT_FILE)) };
    }),
  );
}

async function listLocalTargets(root: string): Promise<StoredTarget[]> {
  const { known, unknown } = await listStateTargets(root);
  const entries = [
    ...known.map((identity) => ({ identity, dir: targetDir(root, { ...identity }) })),
    ...unknown.map((name) => ({ identity: null, dir: path.join(root, name) })),
  ];
  return Promise.all(
    entries.map(async ({ identity, dir }) => {
      const runs = await listLocalRuns(dir);
      const status = await readStatus(dir).catch(() => ({ uncertain: true }));
      return {
        target: identity
          ? { baseUrl: identity.baseUrl, clientId: identity.clientId, posUid: identity.posUid }
          : null,
        key: path.basename(dir),
        location: dir,
        lastRunId: runs.at(-1)?.id ?? null,
        uncertain: status.uncertain,
        locked: await lockedByLiveProcess(dir),
      };
    }),
  );
}

async function lockedByLiveProcess(dir: string): Promise<boolean> {
  const text = await readOptional(path.join(dir, LOCK_FILE));
  if (text === null) return false;
  try {
    const info = LockInfo.safeParse(JSON.parse(text.toString('utf8')));
    return info.success ? isAlive(info.data) : false;
  } catch {
    return false;
  }
}

async function readOptional(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

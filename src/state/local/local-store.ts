import { existsSync } from 'node:fs';
import { link } from 'node:fs/promises';
import path from 'node:path';
import { acquireLock } from '../lock.js';
import { removeStaleTemps } from '../atomic-write.js';
import { RUNS_DIR } from '../run-history.js';
import {
  readSnapshot,
  readStatus,
  SNAPSHOT_FILE,
  stageSnapshot,
  stageStatus,
  writeStatus,
  type ReadSnapshotOptions,
  type TargetStatus,
} from '../snapshot.js';
import { ensureTargetDir, targetDir, type Target } from '../target.js';
import {
  FLEET_RUNS_DIR,
  listStateTargets,
  writeTargetIdentity,
  type StateTargets,
} from '../target-identity.js';
import type { Checkpoint, StateStoreOptions } from '../checkpoint.js';
import type { ConfirmedState, StagedConfirmation, StateStore, TargetStore } from '../store.js';
import { adoptLegacyFolder } from './legacy-folders.js';
import { listLocalTargets } from './local-listing.js';
import { localRunArchive } from './run-files.js';

/** The file a run's confirmed menu is kept under in its folder: a hard link to that snapshot.json. */
export const RUN_SNAPSHOT_FILE = 'snapshot.json';

export type LocalStoreOptions = StateStoreOptions;

/** The default backend: one folder per target under the state folder (layout in docs/state.md). */
export function localStateStore(stateDir: string, options: LocalStoreOptions = {}): StateStore {
  const root = path.resolve(stateDir);
  const notice = options.notice ?? ((message: string) => process.stderr.write(`${message}\n`));
  const checkpoint: Checkpoint = options.checkpoint ?? (async () => undefined);
  // Which folders of the state folder are of an older version: looked at once per store, not once
  // per target (a fleet's first run of N targets read N target.json files N times). Folders this
  // process creates are new-key folders, so the first look stays right for the store's life.
  let scan: Promise<StateTargets> | undefined;
  const scanOnce = (): Promise<StateTargets> => (scan ??= listStateTargets(root));
  return {
    kind: 'local',
    location: root,
    target: (target) => localTargetStore(root, target, notice, scanOnce, checkpoint),
    listTargets: () => listLocalTargets(root, false),
    lastRunReports: () => listLocalTargets(root, true),
    fleetRuns: () => localRunArchive(path.join(root, FLEET_RUNS_DIR)),
    close: async () => undefined,
  };
}

function localTargetStore(
  root: string,
  target: Target,
  notice: (message: string) => void,
  scan: () => Promise<StateTargets>,
  checkpoint: Checkpoint,
): TargetStore {
  const dir = targetDir(root, target);
  const runDir = (runId: string) => path.join(dir, RUNS_DIR, runId);
  const runs = localRunArchive(dir);
  // Before anything reads or writes the target's folder, once: its folder of an older version
  // (named with the pos_uid) becomes its folder, so plan and apply keep its baseline.
  let adoption: Promise<void> | undefined;
  const ready = (): Promise<void> =>
    (adoption ??= adoptLegacyFolder(root, dir, target, scan).then((old) => {
      if (old)
        notice(
          `state: moved ${old} to ${dir}: menusync now keeps one state per base URL and client id (the platform's menu), whatever pos_uid is sent`,
        );
    }));
  const after =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await ready();
      return fn(...args);
    };
  return {
    target,
    location: dir,
    lock: after(async (now?: () => Date) => {
      await ensureTargetDir(dir);
      const lock = await acquireLock(dir, now);
      return { holder: `process ${lock.info.pid} on ${lock.info.hostname}`, release: () => lock.release() };
    }),
    recover: after(async () => {
      await removeStaleTemps(dir);
    }),
    writeIdentity: after(() => writeTargetIdentity(dir, target)),
    readSnapshot: after((options?: ReadSnapshotOptions) => readSnapshot(dir, options)),
    readStatus: after(() => readStatus(dir)),
    writeStatus: after((status: TargetStatus) => writeStatus(dir, status)),
    stageConfirmed: after((input: ConfirmedState) =>
      stageConfirmed(dir, runDir(input.snapshot.runId), input, checkpoint),
    ),
    createRun: after(runs.createRun),
    listRuns: after(runs.listRuns),
    listRunFiles: after(runs.listRunFiles),
    readRunFile: after(runs.readRunFile),
    confirmedSnapshot: after(async (runId: string) => {
      const folder = runDir(runId);
      if (!existsSync(path.join(folder, RUN_SNAPSHOT_FILE))) return null;
      return readSnapshot(folder);
    }),
    pruneRuns: after(runs.pruneRuns),
  };
}

/**
 * The snapshot and the status staged side by side (both synced under temp names). `commit`
 * renames the snapshot, then the status: a crash between the two leaves the status written before
 * the import went out ("uncertain"), so the next run replaces rather than trusting either.
 */
async function stageConfirmed(
  dir: string,
  runFolder: string,
  input: ConfirmedState,
  checkpoint: Checkpoint,
): Promise<StagedConfirmation> {
  const [snapshot, status] = await Promise.allSettled([
    stageSnapshot(dir, input.snapshot, input.prepared, () => checkpoint('before-rename')),
    stageStatus(dir, input.status),
  ]);
  if (snapshot.status === 'rejected' || status.status === 'rejected') {
    for (const staged of [snapshot, status]) if (staged.status === 'fulfilled') await staged.value.discard();
    throw snapshot.status === 'rejected' ? snapshot.reason : (status as PromiseRejectedResult).reason;
  }
  const discard = async (): Promise<void> => {
    await Promise.all([snapshot.value.discard(), status.value.discard()]);
  };
  return {
    hash: snapshot.value.hash,
    async commit() {
      try {
        await snapshot.value.commit();
      } catch (error) {
        await discard();
        throw error;
      }
      await checkpoint('after-snapshot');
      // The run keeps the menu it confirmed for `rollback`: a hard link costs no copy, and the
      // next snapshot replaces snapshot.json by rename, leaving this one's bytes to the link.
      await keepRunSnapshot(dir, runFolder);
      try {
        await status.value.commit();
      } catch (error) {
        await discard();
        throw error;
      }
    },
    discard,
  };
}

/** Best effort: a run folder that cannot take the link only loses its rollback point. */
async function keepRunSnapshot(dir: string, runFolder: string): Promise<void> {
  await link(path.join(dir, SNAPSHOT_FILE), path.join(runFolder, RUN_SNAPSHOT_FILE)).catch(() => undefined);
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRunRecord, pruneRuns, RUNS_DIR } from '../run-history.js';
import type { RunArchive, StoredRun } from '../store.js';

/** The file a run's confirmed menu is kept under in its folder (local-store.ts RUN_SNAPSHOT_FILE). */
const RUN_SNAPSHOT_FILE = 'snapshot.json';
/** stageFileAtomic's temp names, left by a run killed mid-write: not part of the record. */
const TEMP_NAME = /^\..+\.tmp$/;

/** The runs kept under `dir`/runs/ (a target's folder, or the fleet runs' folder). */
export function localRunArchive(dir: string): RunArchive {
  const runDir = (runId: string) => path.join(dir, RUNS_DIR, runId);
  return {
    location: dir,
    createRun: (runId) => createRunRecord(dir, runId),
    listRuns: () => listLocalRuns(dir),
    listRunFiles: (runId) => listLocalRunFiles(runDir(runId)),
    readRunFile: (runId, name) => readOptional(path.join(runDir(runId), name)),
    pruneRuns: (keep, current) => pruneRuns(dir, keep, current),
  };
}

/** The files of a run folder, sorted; none when the folder is not there. */
export async function listLocalRunFiles(runFolder: string): Promise<string[]> {
  try {
    return readdirSync(runFolder, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== RUN_SNAPSHOT_FILE && !TEMP_NAME.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

export async function listLocalRuns(dir: string): Promise<StoredRun[]> {
  let names: string[];
  try {
    names = readdirSync(path.join(dir, RUNS_DIR), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
  return names.map((id) => {
    const location = path.join(dir, RUNS_DIR, id);
    return { id, location, confirmed: existsSync(path.join(location, RUN_SNAPSHOT_FILE)) };
  });
}

export async function readOptional(file: string): Promise<Buffer | null> {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic, type FileContent } from './atomic-write.js';
import { runsToPrune } from './prune-policy.js';
import { asStateWriteError } from './state-write-error.js';

export const RUNS_DIR = 'runs';

/** One run's folder: runs/<timestamp>-<id>/ holding plan, payload, response and reports. */
export interface RunRecord {
  id: string;
  dir: string;
  write(name: string, content: FileContent): Promise<string>;
  writeJson(name: string, value: unknown): Promise<string>;
}

export function newRunId(now: Date): string {
  // Sortable (milliseconds included: runs of one target sort in the order they started), file-name
  // safe, and unique even for two runs in the same millisecond.
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** 20261124T183247123Z-ab12cd (newRunId) -> 2026-11-24T18:32:47.123Z; null for another shape. */
export function runIdTime(runId: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(runId);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, ms] = match;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`;
}

export async function createRunRecord(targetDir: string, runId: string): Promise<RunRecord> {
  const dir = path.join(targetDir, RUNS_DIR, runId);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw asStateWriteError(error, dir);
  }
  const write = async (name: string, content: FileContent) => {
    const file = path.join(dir, name);
    // A fleet run keeps its plan targets' reports in targets/.
    if (name.includes('/')) mkdirSync(path.dirname(file), { recursive: true });
    // Not fsynced: run records are history, not state; the snapshot and status (written with
    // fsync) are what the next run relies on. On a 20k-product run these files are ~60 MB.
    await writeFileAtomic(file, content, { durable: false });
    return file;
  };
  return {
    id: runId,
    dir,
    write,
    // Compact: a run of a big menu writes several files of it, and pretty-printing doubles them.
    writeJson: (name, value) => write(name, `${JSON.stringify(value)}\n`),
  };
}

export { DEFAULT_KEEP_RUNS } from './keep-runs.js';

/**
 * Removes run folders beyond `keep`, rollback points last (runsToPrune): a run folder holding a
 * confirmed menu (`snapshot.json`) is a rollback point. A nightly sync of a big menu writes tens
 * of megabytes of history per run, so an unbounded history fills the disk. Best effort: a folder
 * that cannot be removed stays (and is tried again next time); `current` (the run that just
 * ended) is never removed.
 */
export async function pruneRuns(targetDir: string, keep: number, current?: string): Promise<string[]> {
  const runsDir = path.join(targetDir, RUNS_DIR);
  let names: string[];
  try {
    names = readdirSync(runsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
  if (names.length <= keep) return [];
  const runs = names.map((id) => ({ id, point: existsSync(path.join(runsDir, id, RUN_SNAPSHOT_NAME)) }));
  const removed: string[] = [];
  for (const name of runsToPrune(runs, keep, current)) {
    try {
      await rm(path.join(runsDir, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      /* best effort: tried again after the next run */
    }
  }
  return removed;
}

/** The confirmed menu a run folder keeps (a hard link to the snapshot it left): its rollback point. */
const RUN_SNAPSHOT_NAME = 'snapshot.json';

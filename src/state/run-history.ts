import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic, type FileContent } from './atomic-write.js';

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

export async function createRunRecord(targetDir: string, runId: string): Promise<RunRecord> {
  const dir = path.join(targetDir, RUNS_DIR, runId);
  await mkdir(dir, { recursive: true });
  const write = async (name: string, content: FileContent) => {
    const file = path.join(dir, name);
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

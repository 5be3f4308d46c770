import { readdir } from 'node:fs/promises';

/** The file a run's confirmed menu is kept under in its folder (local-store.ts RUN_SNAPSHOT_FILE). */
const RUN_SNAPSHOT_FILE = 'snapshot.json';
/** stageFileAtomic's temp names, left by a run killed mid-write: not part of the record. */
const TEMP_NAME = /^\..+\.tmp$/;

/** The files of a run folder, sorted; none when the folder is not there. */
export async function listLocalRunFiles(runFolder: string): Promise<string[]> {
  try {
    return (await readdir(runFolder, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.name !== RUN_SNAPSHOT_FILE && !TEMP_NAME.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

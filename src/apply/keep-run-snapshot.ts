import { link } from 'node:fs/promises';
import path from 'node:path';
import { RUN_SNAPSHOT_FILE } from '../state/local/local-store.js';
import { SNAPSHOT_FILE } from '../state/snapshot.js';

/**
 * TEMPORARY bridge (branch `history`), to be dropped when apply moves onto the StateStore: the
 * local store's stageConfirmed().commit() makes the same hard link, which makes the run a
 * rollback point. Until then send-plan.ts calls this right after its snapshot commit, so that
 * `history` and `rollback` (built on the store) see the runs apply confirms. Best effort, as in
 * the store: a run folder that cannot take the link only loses its rollback point.
 */
export async function keepRunSnapshot(targetDir: string, runFolder: string): Promise<void> {
  await link(path.join(targetDir, SNAPSHOT_FILE), path.join(runFolder, RUN_SNAPSHOT_FILE)).catch(
    () => undefined,
  );
}

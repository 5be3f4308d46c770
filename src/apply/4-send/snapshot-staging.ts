import type { CanonicalMenu } from '../../model/canonical-menu.js';
import type { ImportPayload } from '../../model/import-payload.js';
import { duringImport } from '../../state/state-write-error.js';
import type { PreparedSnapshotMenu } from '../../state/snapshot.js';
import type { StagedConfirmation, TargetStore } from '../../state/store.js';

/** The snapshot and status a confirmed apply leaves: staged while the platform works, then put in place or dropped. */
export interface SnapshotStaging {
  /** Starts writing the new snapshot under a temp name (the store's stageConfirmed). */
  stage: (prepared?: PreparedSnapshotMenu) => void;
  /** Drops what was staged; never fails. */
  discard: () => Promise<void>;
  /** Puts the staged snapshot, then the status, in place (staging it first if not yet done). */
  commit: () => Promise<void>;
}

export function snapshotStaging(
  state: TargetStore,
  confirmed: { runId: string; payload: ImportPayload; desired: CanonicalMenu; now: () => Date },
): SnapshotStaging {
  let staging: Promise<StagedConfirmation> | undefined;
  const start = (prepared?: PreparedSnapshotMenu): Promise<StagedConfirmation> =>
    state.stageConfirmed({
      snapshot: {
        formatVersion: 2,
        // When the import went out: the snapshot is staged while the platform handles it.
        appliedAt: confirmed.now().toISOString(),
        mode: confirmed.payload.update_mode,
        runId: confirmed.runId,
        menu: confirmed.desired,
      },
      ...(prepared ? { prepared } : {}),
      status: { uncertain: false },
    });
  const discard = async (): Promise<void> => {
    await staging?.then((staged) => staged.discard()).catch(() => undefined);
  };
  return {
    stage: (prepared) => {
      staging = start(prepared);
      staging.catch(() => undefined);
    },
    discard,
    commit: async () => {
      try {
        await (await (staging ??= start())).commit();
      } catch (error) {
        await discard();
        throw duringImport(error, 'applied-not-recorded');
      }
    },
  };
}

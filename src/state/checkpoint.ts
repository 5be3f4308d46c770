/**
 * The points of an apply where a crash leaves the state in a known shape: before the import is
 * sent, before the new snapshot is put in place (its bytes written and synced, or its rows written
 * but not committed), and after the snapshot moved but before the status did.
 */
export type CheckpointName = 'before-send' | 'before-rename' | 'after-snapshot';

/**
 * Awaited at each checkpoint when the caller passes one (through openStateStore's and apply's
 * options). Nothing passes one in normal use; the crash-safety tests pass one that stops the
 * process there so it can be killed at exactly that point.
 */
export type Checkpoint = (point: CheckpointName) => Promise<void>;

/** Options every state backend takes when it is opened. */
export interface StateStoreOptions {
  checkpoint?: Checkpoint;
  /** Where a store's one-off notices go (a local folder of an older layout adopted); default stderr. */
  notice?: (message: string) => void;
  /**
   * PostgreSQL: how many runs may hold a target's lock at once (a fleet's --concurrency, a worker's
   * slots). Each holds a session of the store's lock pool, kept open for the next run; default 16.
   */
  lockSessions?: number;
}

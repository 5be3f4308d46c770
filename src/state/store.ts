import type { FileContent } from './atomic-write.js';
import type { RunRecord } from './run-history.js';
import type { MenuSnapshot, PreparedSnapshotMenu, ReadSnapshotOptions, TargetStatus } from './snapshot.js';
import type { Target } from './target.js';

/**
 * Where menusync keeps what it knows about each target: the last menu the platform confirmed,
 * whether the platform may hold something else (uncertain), the lock, and the run history.
 * Two backends keep the same promises (one contract test suite runs against both):
 * a local folder (the default, `.menusync/`) and a PostgreSQL database (`--state postgres://…`).
 *
 * The promises:
 * - the snapshot moves only through `stageConfirmed(...).commit()`, called after the platform
 *   confirmed; commit moves the snapshot and the status together (PostgreSQL: one transaction with
 *   the run's record; local: snapshot rename, then status rename, a crash between leaving
 *   "uncertain");
 * - `writeStatus` is durable before it resolves: an uncertain mark written before an import goes
 *   out survives a kill -9;
 * - `lock` is exclusive across processes and machines, and a killed holder frees it (PostgreSQL:
 *   an advisory lock held by the run's connection; local: a lock file with a pid, taken over when
 *   that process is dead).
 */
export interface StateStore {
  readonly kind: 'local' | 'postgres';
  /** For messages and reports: an absolute folder path, or the URL without its password. */
  readonly location: string;
  /** One target's state. Nothing is created until the target is locked. */
  target(target: Target): TargetStore;
  /** Every target this store holds state for, with where it stands. */
  listTargets(): Promise<StoredTarget[]>;
  /**
   * Every target as listTargets has it, with its newest run's report.json, in one pass over the
   * state (PostgreSQL: one query; local: the few files each target needs): `fleet status` and the
   * console read a fleet of 10,000 this way, not one round trip per target.
   */
  lastRunReports(): Promise<TargetLastReport[]>;
  /** The fleet runs' records (a fleet report and its plan targets' reports), apart from every target's. */
  fleetRuns(): RunArchive;
  /** Frees connections (PostgreSQL); the local store has nothing to free. */
  close(): Promise<void>;
}

/** Runs and their files (plan, payload, response, reports): a target's, or the fleet runs'. */
export interface RunArchive {
  /** For messages: a folder, or the store's URL and a key. */
  readonly location: string;
  /** A new run's record. */
  createRun(runId: string): Promise<RunRecord>;
  /** The runs, oldest first (run ids sort by start time). */
  listRuns(): Promise<StoredRun[]>;
  /** The names of a run's files (not its confirmed snapshot: see confirmedSnapshot), sorted. */
  listRunFiles(runId: string): Promise<string[]>;
  /** One file of a run's record, or null when the run or the file is not there. */
  readRunFile(runId: string, name: string): Promise<Buffer | null>;
  /** Keeps the newest `keep` runs (never `current`); returns the ids removed. Best effort. */
  pruneRuns(keep: number, current?: string): Promise<string[]>;
}

export interface TargetStore extends RunArchive {
  readonly target: Target;
  /**
   * Takes the target's exclusive lock, creating the target's state if needed. Throws LockHeldError
   * (exit 4) when another live run holds it. Everything below that writes is called under it.
   */
  lock(now?: () => Date): Promise<HeldLock>;
  /** Under the lock, first: removes what a killed run left half-written (staged snapshots). */
  recover(): Promise<void>;
  /** Records whose state this is (base URL, client id), so `state list` and `plan` can name it. */
  writeIdentity(): Promise<void>;
  /** The last confirmed menu, or null when there is none; a damaged one is an InvalidInputError. */
  readSnapshot(options?: ReadSnapshotOptions): Promise<MenuSnapshot | null>;
  /** { uncertain: false } when nothing was ever written. */
  readStatus(): Promise<TargetStatus>;
  /** Durable before it resolves. */
  writeStatus(status: TargetStatus): Promise<void>;
  /**
   * The new snapshot and the status a confirmed apply leaves, written ahead (apply does this while
   * the platform handles the import) and not yet in place. `commit` puts both in place and makes
   * the snapshot the one `runId` confirmed (a rollback point); `discard` forgets them.
   */
  stageConfirmed(input: ConfirmedState): Promise<StagedConfirmation>;
  /** The menu run `runId` confirmed, or null when it confirmed none or its record is gone. */
  confirmedSnapshot(runId: string): Promise<MenuSnapshot | null>;
}

export interface HeldLock {
  /** Who holds it, for messages. */
  readonly holder: string;
  release(): Promise<void>;
}

export interface ConfirmedState {
  snapshot: Omit<MenuSnapshot, 'hash'>;
  /** The snapshot's bytes made ahead (snapshot-lines.ts), used only for the very menu they came from. */
  prepared?: PreparedSnapshotMenu;
  /** What the status becomes on commit (normally { uncertain: false }). */
  status: TargetStatus;
}

export interface StagedConfirmation {
  /** The snapshot's hash, as readSnapshot will report it. */
  hash: string;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export interface StoredRun {
  id: string;
  /** Where the run's files are, for messages (a folder, or a URL and the run id). */
  location: string;
  /** Whether the run left a confirmed menu that a rollback can go back to. */
  confirmed: boolean;
}

export interface StoredTarget {
  /** The target's identity as its state recorded it; null when the state does not say (older versions). */
  target: Pick<Target, 'baseUrl' | 'clientId'> | null;
  /** The store's key for it (a folder name locally). */
  key: string;
  location: string;
  lastRunId: string | null;
  uncertain: boolean;
  locked: boolean;
}

export interface TargetLastReport extends StoredTarget {
  /** The report.json of lastRunId; null when there is no run or it wrote none (killed early). */
  lastReport: Buffer | null;
}

export type { FileContent };

import { MenusyncError } from '../errors.js';
import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { Plan, PlanFunction, PlanOptions } from '../plan/types.js';
import type { PlatformClient } from '../platform/types.js';
import type { RunOutcome } from '../report/outcome.js';
import type { RunReport, Verification } from '../report/types.js';
import type { Checkpoint } from '../state/checkpoint.js';
import type { StateStore } from '../state/store.js';
import type { Target } from '../state/target.js';
import type { RunReportFiles } from './6-record/run-report.js';
import type { SavedPlan } from './1-read/saved-plan.js';

/** What one apply of one target is asked to do (applyRun in apply-run.ts). */
export interface ApplyRequest {
  target: Target;
  /** Where the target's state is kept (openStateStore); the caller opens and closes it. */
  store: StateStore;
  /** The desired menu (from extract), or a saved plan to apply exactly. */
  desired: CanonicalMenu;
  planOptions: PlanOptions;
  savedPlan?: SavedPlan;
  maxPayloadBytes: number;
  /** How the caller names maxPayloadBytes in messages (`--max-payload-bytes`); default the library's. */
  maxPayloadName?: string;
  /** Read back and compare after applying (default true). */
  verify?: boolean;
  /**
   * Read the live menu before planning (default true) and plan against it: drift, guards against
   * what is live, a saved plan's live fingerprint. False plans against the snapshot alone.
   */
  refresh?: boolean;
  /** Runs of the target kept in runs/ (default DEFAULT_KEEP_RUNS); older ones are removed after this one. */
  keepRuns?: number;
  /**
   * The erosion guard's window: the plan is judged against the menu as it was this many days ago
   * too (erosion-reference.ts). Absent: no erosion guard (a rollback goes back on purpose).
   */
  erosionDays?: number;
}

/** What an apply works with: the planner, the platform, the person asked, the clock. */
export interface ApplyDeps {
  plan: PlanFunction;
  client: PlatformClient;
  /** Asked once the plan is known and allowed; false cancels the run before anything is sent. */
  confirm: (plan: Plan) => Promise<boolean>;
  now?: () => Date;
  log?: (message: string) => void;
  /**
   * Called once the run's report is written, before applyRun returns or throws: a blocked,
   * cancelled or failed run throws its error (the exit code comes from its class), and this is
   * how its report reaches the caller (the CLI prints it and writes the --out-* files).
   */
  onFinish?: (outcome: ApplyOutcome) => void;
  /** Awaited at the run's crash checkpoints (state/checkpoint.ts); the store takes its own. */
  checkpoint?: Checkpoint;
  /**
   * The run's cancellation, checked between its stages (the client given here honours it too):
   * the run ends `cancelled` with its report, as a failed run does, and throws RunCancelledError.
   */
  signal?: AbortSignal;
}

/** How an apply ended, as data, with its report and the files it was written to. */
export interface ApplyOutcome {
  runId: string;
  runDir: string;
  outcome: RunOutcome;
  plan: Plan;
  applied: boolean;
  verification: Verification | null;
  attempts: number;
  requests: number;
  report: RunReport;
  reports: RunReportFiles;
}

/** Thrown when the user declines the confirmation: nothing was sent. */
export class ApplyCancelledError extends MenusyncError {}

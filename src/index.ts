// The public API of 'menusync' (docs/library.md): the five functions of the library, the types they
// take and return, and the errors a caller may meet in a result or a rejection. Nothing else: the
// stages underneath are internal and may change in any release. api/menusync.api.md is the report
// of this surface, checked by test/library/api-report.test.ts (`npm run api:report` updates it).
// Every type a signature below reaches is named here (api-extractor fails on one that is not).
// The local sandbox platform is a separate entry, 'menusync/sandbox'; test hooks are in
// 'menusync/internal' (src/library/internal.ts), which promises nothing.

// The functions, their options and results.
export { extract, plan, apply, runFleet, openState } from './library/index.js';
export type * from './library/index.js';
export type { AuthMode } from './platform/types.js';
export type { InputLimits } from './extract/input-limits.js';
export type { Output } from './output.js';
export type { ProgressEvent, ProgressSink } from './progress.js';
export type { TargetRunResult } from './apply/0-start/target-run-result.js';
export type { ApplyOutcome } from './apply/apply-run.js';
export type { RunReportFiles } from './apply/6-record/run-report.js';
export type { FleetCommand } from './fleet/config-target-run.js';
export type { FleetResult } from './fleet/run-fleet.js';
export type { FleetEntry, FleetStatus, FleetSummary } from './fleet/fleet-entry.js';
export type { FleetReport, FleetStopInfo } from './fleet/fleet-report.js';

// The errors, each with its exit code (ExitCode): decide by class, `code` or `limit`, never by message.
export {
  ExitCode,
  MenusyncError,
  UsageError,
  InvalidInputError,
  GuardBlockedError,
  LockHeldError,
  ReportWriteError,
  RunCancelledError,
} from './errors.js';
export { PlatformError, RetriablePlatformError, FatalPlatformError } from './platform/errors.js';
export { MappingError } from './mapping/loader.js';
export { InputLimitError } from './extract/input-limits.js';
export { PayloadTooLargeError } from './apply/4-send/split-payload.js';
export { ApplyCancelledError } from './apply/apply-request.js';
export { StateWriteError, type ImportState } from './state/state-write-error.js';
export { StateStoreError } from './state/postgres/pg-errors.js';

// The data they return: the menu, its issues, the plan, the run's report.
export type { ExtractResult, SkippedRows, InputRead, ExtractNote } from './mapping/types.js';
export type { CanonicalMenu, ImportPayload, UpdateMode } from './model/index.js';
export type { DATA_ISSUE_CODES, DataIssue, DataIssueCode, DataLocation } from './model/data-issue.js';
export type * from './plan/types.js';
export type { GuardNames, SETTING_NAMES, SettingName, SettingNames } from './model/setting-names.js';
export type { Allowance } from './plan/limit.js';
export type { LiveMenu, LiveSummary } from './plan/live/live-menu.js';
export type { MenuChange } from './plan/live/menu-change.js';
export type { RemoteCategory, RemoteOption, RemoteOptionValue } from './platform/types.js';
export type {
  PlanSummary,
  ReportTarget,
  RunReport,
  Verification,
  VerificationScope,
} from './report/types.js';
export type { RunError, RunErrorCode, RunOutcome } from './report/outcome.js';

// The state openState opens and a run may be given.
export type {
  ConfirmedState,
  HeldLock,
  RunArchive,
  StagedConfirmation,
  StateStore,
  StoredRun,
  StoredTarget,
  TargetLastReport,
  TargetStore,
} from './state/store.js';
export type { Target } from './state/target.js';
export type { MenuSnapshot, ReadSnapshotOptions, TargetStatus } from './state/snapshot.js';
export type { MenuLines, PreparedSnapshotMenu } from './state/snapshot-lines.js';
export type { RunRecord } from './state/run-history.js';
export type { FileContent } from './state/atomic-write.js';

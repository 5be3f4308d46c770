import type { Output } from '../../output.js';
import { retryNotice } from './retry-notice.js';
import type { RunSettings } from '../../config/settings/types.js';
import { checkCancelled, ExitCode, inCallersWords } from '../../errors.js';
import { plan as planMenu } from '../../plan/index.js';
import type { Plan } from '../../plan/types.js';
import { createPlatformClient } from '../../platform/index.js';
import type { PlatformClient } from '../../platform/types.js';
import type { ProgressSink } from '../../progress.js';
import { DEFAULT_EROSION_DAYS } from '../../plan/erosion.js';
import type { Checkpoint } from '../../state/checkpoint.js';
import type { StateStore } from '../../state/store.js';
import type { Target } from '../../state/target.js';
import { applyRun, type ApplyOutcome } from '../apply-run.js';
import { recordUnstartedRun } from './unstarted-run.js';
import { extractDesired, type DesiredMenu } from './desired-menu.js';
import { platformOptions } from '../../config/settings/platform-options.js';
import { checkSavedPlanInputs, readSavedPlan, type SavedPlan } from '../1-read/saved-plan.js';
import { errorLine, exitCodeOf, type TargetRunResult } from './target-run-result.js';

/** What an apply is asked beyond its settings: a saved plan to apply instead of the inputs. */
export interface ApplyTargetArgs {
  /** A saved plan file (plan's savedPlan output) to apply exactly. */
  savedPlan?: string;
  /** A saved plan already read and checked (a blocked run's kept plan, approved): applied exactly. */
  keptPlan?: SavedPlan;
  /** With savedPlan: inputs given to check that they give the plan's menu (checkSavedPlanInputs). */
  savedPlanInputs?: string[];
}

export interface ApplyTargetIo {
  /** Where the target's state is kept (openStateStore); several targets may share one. */
  store: StateStore;
  /** Messages of the run (extract summary, issues, retries); a fleet passes a quiet or collecting one. */
  out: Output;
  progress?: ProgressSink;
  /** Asked once the plan is known and allowed; false cancels before anything is sent. */
  confirm(plan: Plan, target: Target): Promise<boolean>;
  /** Wraps the platform client (the progress line watches the waits). */
  observe?: (client: PlatformClient) => PlatformClient;
  /** Awaited at the run's crash checkpoints (state/checkpoint.ts); open the store with the same one. */
  checkpoint?: Checkpoint;
  /** Cancels the run: checked between its stages and by the platform client (ApplyDeps.signal). */
  signal?: AbortSignal | undefined;
}

export interface ApplyTargetResult extends TargetRunResult {
  target?: Target;
  outcome?: ApplyOutcome;
}

/**
 * One target's whole apply: connection, extract (or the saved plan), applyRun under the target's
 * lock, with its guards, retries and reports. Never throws and never exits: the error that ends a
 * run becomes its result (exit code by class), so a fleet lists it and a worker process returns it.
 */
export async function runApplyTarget(
  settings: RunSettings,
  args: ApplyTargetArgs,
  io: ApplyTargetIo,
): Promise<ApplyTargetResult> {
  const started = performance.now();
  const startedAt = new Date();
  let target: Target | undefined;
  let finished: ApplyOutcome | undefined;
  const ms = () => Math.round(performance.now() - started);
  try {
    checkCancelled(io.signal);
    const connection = platformOptions(settings.connection, settings.names);
    target = {
      ...(settings.targetName ? { name: settings.targetName } : {}),
      baseUrl: connection.baseUrl,
      clientId: connection.credentials.clientId,
      posUid: settings.posUid,
    };
    const savedFile = args.savedPlan;
    const saved = args.keptPlan ?? (savedFile ? await readSavedPlan(savedFile) : undefined);
    const checkInputs = args.savedPlanInputs ?? [];
    if (saved && savedFile && checkInputs.length > 0) {
      const given = await extractDesired(settings, io.out, io.progress);
      checkSavedPlanInputs(saved, savedFile, checkInputs, given.menu, settings.names);
    }
    const desired: DesiredMenu = saved
      ? { menu: saved.desired, errors: 0 }
      : await extractDesired(settings, io.out, io.progress);
    checkCancelled(io.signal);
    const client = createPlatformClient({
      ...connection,
      log: (m) => io.out.debug(m),
      notice: retryNotice(io.out),
      signal: io.signal,
    });
    const known = target;
    // The one call of applyRun for every CLI path (single target, fleet, a future worker).
    const outcome = await applyRun(
      {
        target,
        store: io.store,
        desired: desired.menu,
        planOptions: {
          posUid: settings.posUid,
          mode: settings.mode,
          extractionErrors: desired.errors,
          ...(desired.firstError ? { firstExtractionError: desired.firstError } : {}),
          ...(desired.notes ? { extractionNotes: desired.notes } : {}),
          ...(desired.source ? { source: desired.source } : {}),
          ...settings.guards,
          names: settings.names,
        },
        ...(saved ? { savedPlan: saved } : {}),
        maxPayloadBytes: settings.maxPayloadBytes,
        maxPayloadName: settings.names.maxPayloadBytes,
        keepRuns: settings.keepRuns,
        erosionDays: settings.guards.erosionDays ?? DEFAULT_EROSION_DAYS,
      },
      {
        plan: planMenu,
        client: io.observe ? io.observe(client) : client,
        confirm: (plan) => io.confirm(plan, known),
        onFinish: (ended) => (finished = ended),
        ...(io.checkpoint ? { checkpoint: io.checkpoint } : {}),
        ...(io.signal ? { signal: io.signal } : {}),
      },
    );
    const report = outcome.report;
    return {
      exit: report.errors.length > 0 || report.verified === false ? ExitCode.failure : ExitCode.ok,
      target,
      outcome,
      report,
      reportFile: outcome.reports.html,
      runId: outcome.runId,
      ms: ms(),
    };
  } catch (failure) {
    // An error made where the caller was not known (a state write) names the settings as it does.
    const error = inCallersWords(failure, settings.names);
    // A blocked, cancelled or failed run has its report too (onFinish); a lock held or a bad
    // state file means the run never started. One that failed before it planned (its export, its
    // mapping) is recorded as failed in the target's history.
    const unstarted =
      !finished && target ? await recordUnstartedRun(io.store, target, error, startedAt) : null;
    return {
      exit: exitCodeOf(error),
      ...(target ? { target } : {}),
      ...(finished
        ? {
            outcome: finished,
            report: finished.report,
            reportFile: finished.reports.html,
            runId: finished.runId,
          }
        : {}),
      ...(unstarted ?? {}),
      error,
      errorText: errorLine(error),
      ms: ms(),
    };
  }
}

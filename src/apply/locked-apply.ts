import { GuardBlockedError, MenusyncError } from '../errors.js';
import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { Plan, PlanFunction, PlanOptions } from '../plan/types.js';
import type { PlatformClient } from '../platform/types.js';
import { DEFAULT_KEEP_RUNS, newRunId, type RunRecord } from '../state/run-history.js';
import { duringImport, StateWriteError, type ImportState } from '../state/state-write-error.js';
import type { Checkpoint } from '../state/checkpoint.js';
import type { StateStore } from '../state/store.js';
import type { Target } from '../state/target.js';
import { preparePlan } from './prepare-plan.js';
import { liveChangedSince, readLiveMenu, unplanned } from './refresh.js';
import { checkSavedPlan, checkSavedPlanTarget, type SavedPlan } from './saved-plan.js';
import { markDrift, sendPlan, type SendProgress } from './send-plan.js';
import { buildRunReport, prepareRunFiles, writeRunReports, type RunReportFiles } from './run-report.js';
import { describeError, runError } from './run-errors.js';
import { blockedHint, sendFailureOutcome } from './run-outcome.js';
import { verifyReadBack } from './verify.js';
import type { RunError, RunOutcome } from '../report/outcome.js';
import type { RunReport, Verification } from '../report/types.js';

export interface ApplyRequest {
  target: Target;
  /** Where the target's state is kept (openStateStore); the caller opens and closes it. */
  store: StateStore;
  /** The desired menu (from extract), or a saved plan to apply exactly. */
  desired: CanonicalMenu;
  planOptions: PlanOptions;
  savedPlan?: SavedPlan;
  maxPayloadBytes: number;
  /** Read back and compare after applying (default true). */
  verify?: boolean;
  /**
   * Read the live menu before planning (default true) and plan against it: drift, guards against
   * what is live, a saved plan's live fingerprint. False plans against the snapshot alone.
   */
  refresh?: boolean;
  /** Runs of the target kept in runs/ (default DEFAULT_KEEP_RUNS); older ones are removed after this one. */
  keepRuns?: number;
}

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
}

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

/**
 * One apply, under the target's lock: plan against the snapshot, enforce the guards, confirm,
 * send, move the snapshot forward only after the platform confirmed, read back, and record the
 * run. Every outcome, failures included, leaves its report in runs/<id>/.
 */
export async function applyRun(request: ApplyRequest, deps: ApplyDeps): Promise<ApplyOutcome> {
  const now = deps.now ?? (() => new Date());
  const desired = request.savedPlan?.desired ?? request.desired;
  // A plan for another target is a usage error: refused before the target's state is touched.
  if (request.savedPlan) checkSavedPlanTarget(request.savedPlan, request.target);
  const state = request.store.target(request.target);
  const lock = await state.lock(now).catch((error: unknown) => {
    throw duringImport(error, 'not-sent');
  });
  let runId: string | undefined;
  // Where the import stands, for a state write that fails (sendPlan says so itself for its own).
  let importState: ImportState = 'not-sent';
  try {
    // What a killed run left half-written (a staged snapshot is as big as the menu).
    await state.recover();
    const startedAt = now();
    // Independent reads side by side, with the run's folder. The desired menu lets readSnapshot
    // skip parsing (and plan skip comparing) the products that did not change. The refresh
    // (refresh.ts) runs beside them; a live menu that cannot be read fails the run with its report.
    const [record, snapshot, status, refreshed] = await Promise.all([
      state.createRun(newRunId(startedAt)),
      state.readSnapshot({ reuse: desired }),
      state.readStatus(),
      request.refresh === false
        ? null
        : readLiveMenu(deps.client).then(
            (live) => ({ live }),
            (error: unknown) => ({ error }),
          ),
      state.writeIdentity(),
    ]);
    runId = record.id;
    const live = refreshed && 'live' in refreshed ? refreshed.live : null;
    const refreshError = refreshed && 'error' in refreshed ? refreshed.error : undefined;
    const plan =
      refreshError !== undefined
        ? unplanned(`not planned: the live menu could not be read (${describeError(refreshError).message})`)
        : request.savedPlan
          ? checkSavedPlan(
              request.savedPlan,
              request.target,
              { baselineHash: snapshot?.hash ?? null, baselineUncertain: status.uncertain },
              live ? liveChangedSince(request.savedPlan, snapshot?.menu ?? null, live, desired) : null,
            )
          : preparePlan(
              deps.plan,
              desired,
              { snapshot, status },
              {
                ...request.planOptions,
                ...(live ? { live } : { offline: 'apply without a refresh' }),
              },
            );
    // plan.json, with the report sections that do not depend on the outcome: a run that sends
    // does this while the import request is out (this process only waits then), any other run
    // when it finishes. Once either way.
    let planWritten: Promise<void> | undefined;
    const writePlanJson = (): Promise<void> =>
      (planWritten ??= (async () => {
        await record.write('plan.json', [prepareRunFiles(plan), '\n']);
      })());
    const finish = async (result: Partial<Outcome>) => {
      // A plan.json that failed during the import's wait has failed the send already (sendPlan
      // throws it, and the caller rethrows after this): the run's report is still written.
      await writePlanJson().catch((error: unknown) => {
        if (!result.send) throw error;
      });
      const outcome = await finishRun(record, request, plan, startedAt, now, result);
      deps.onFinish?.(outcome);
      return outcome;
    };

    if (refreshError !== undefined) {
      await finish({ outcome: 'failed', errors: [describeError(refreshError)] });
      throw refreshError;
    }
    if (plan.blocked) {
      const message = `blocked: ${plan.blocked}`;
      await finish({ outcome: 'blocked', errors: [runError('blocked', message)] });
      throw new GuardBlockedError(message, { hint: blockedHint(plan) });
    }
    if (plan.mode === 'none' || !plan.payload) return await finish({ outcome: 'none' });
    // Something will be sent: the token's round trip overlaps the confirmation and the run's first
    // writes instead of coming right before the import (the import's own token request joins this
    // one). A run with nothing to send contacts nobody.
    void deps.client.prepare?.().catch(() => undefined);
    let confirmed: boolean;
    try {
      confirmed = await deps.confirm(plan);
    } catch (error) {
      await finish({ outcome: 'cancelled', errors: [describeError(error)] });
      throw error;
    }
    if (!confirmed) {
      await finish({
        outcome: 'cancelled',
        errors: [runError('cancelled', 'cancelled at the confirmation: nothing was sent')],
      });
      throw new ApplyCancelledError('apply cancelled: nothing was sent');
    }

    const progress: SendProgress = { attempts: 0, responses: [] };
    // The read-back runs while the snapshot is put in place; drift is marked after that (below).
    const checked: { verification: Verification | null; errors: RunError[] } = {
      verification: null,
      errors: [],
    };
    const readBack = async (): Promise<void> => {
      try {
        checked.verification = verifyReadBack(desired, await deps.client.listCategories({ visible: 0 }));
      } catch (error) {
        checked.errors.push(
          runError('read-back-failed', `read-back failed: ${describeError(error).message}`),
        );
      }
    };
    try {
      await sendPlan({
        state,
        record,
        plan,
        desired,
        status,
        maxPayloadBytes: request.maxPayloadBytes,
        client: deps.client,
        ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
        now,
        progress,
        whileSending: writePlanJson,
        ...(request.verify !== false ? { whileCommitting: readBack } : {}),
      });
    } catch (error) {
      // The send's failure is the one to report, even when its report cannot be written too.
      await finish({
        outcome: sendFailureOutcome(progress),
        errors: [describeError(error)],
        send: progress,
      }).catch((reportError: unknown) => {
        if (!(reportError instanceof StateWriteError)) throw reportError;
      });
      throw error;
    }
    importState = 'applied-recorded';
    const { verification, errors } = checked;
    const drift = verification?.status === 'drift';
    if (drift) await markDrift(state, record.id, now());
    // A read-back that differs leaves the target uncertain (the next apply replaces), as the run says.
    const outcome = drift ? 'uncertain' : 'applied';
    return await finish({ outcome, applied: true, send: progress, verification, errors });
  } catch (error) {
    throw duringImport(error, importState);
  } finally {
    // Under the lock, so two runs never prune at once; never fails the run.
    await state.pruneRuns(request.keepRuns ?? DEFAULT_KEEP_RUNS, runId).catch(() => []);
    await lock.release();
  }
}

interface Outcome {
  outcome: RunOutcome;
  applied: boolean;
  send: SendProgress | undefined;
  verification: Verification | null;
  errors: RunError[];
}

async function finishRun(
  record: RunRecord,
  request: ApplyRequest,
  plan: Plan,
  startedAt: Date,
  now: () => Date,
  result: Partial<Outcome>,
): Promise<ApplyOutcome> {
  const send = result.send;
  const responses = send ? record.writeJson('response.json', send.responses) : undefined;
  const report = buildRunReport({
    command: 'apply',
    target: request.target,
    plan,
    applied: result.applied ?? false,
    verification: result.verification ?? null,
    attempts: send?.attempts ?? 0,
    errors: result.errors ?? [],
    ...(result.outcome ? { outcome: result.outcome } : {}),
    startedAt: startedAt.toISOString(),
    finishedAt: now().toISOString(),
  });
  const [reports] = await Promise.all([writeRunReports(record, report), responses]);
  return {
    runId: record.id,
    runDir: record.dir,
    outcome: report.outcome,
    plan,
    applied: result.applied ?? false,
    verification: result.verification ?? null,
    attempts: send?.attempts ?? 0,
    requests: send?.responses.length ?? 0,
    report,
    reports,
  };
}

import { GuardBlockedError, MenusyncError } from '../errors.js';
import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { Plan, PlanFunction, PlanOptions } from '../plan/types.js';
import type { PlatformClient } from '../platform/types.js';
import { acquireLock } from '../state/lock.js';
import {
  createRunRecord,
  DEFAULT_KEEP_RUNS,
  newRunId,
  pruneRuns,
  type RunRecord,
} from '../state/run-history.js';
import { removeStaleTemps } from '../state/atomic-write.js';
import { readSnapshot, readStatus } from '../state/snapshot.js';
import { ensureTargetDir, targetDir, type Target } from '../state/target.js';
import { writeTargetIdentity } from '../state/target-identity.js';
import { preparePlan } from './prepare-plan.js';
import { checkSavedPlan, type SavedPlan } from './saved-plan.js';
import { markDrift, sendPlan, type SendProgress } from './send-plan.js';
import { buildRunReport, prepareRunFiles, writeRunReports, type RunReportFiles } from './run-report.js';
import { verifyReadBack } from './verify.js';
import type { RunReport, Verification } from '../report/types.js';

export interface ApplyRequest {
  target: Target;
  stateDir: string;
  /** The desired menu (from extract), or a saved plan to apply exactly. */
  desired: CanonicalMenu;
  planOptions: PlanOptions;
  savedPlan?: SavedPlan;
  maxPayloadBytes: number;
  /** Read back and compare after applying (default true). */
  verify?: boolean;
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
}

export interface ApplyOutcome {
  runId: string;
  runDir: string;
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
  const dir = targetDir(request.stateDir, request.target);
  const desired = request.savedPlan?.desired ?? request.desired;
  await ensureTargetDir(dir);
  const lock = await acquireLock(dir, now);
  let runId: string | undefined;
  try {
    // What a killed run left half-written (a staged snapshot is as big as the menu).
    await removeStaleTemps(dir);
    const startedAt = now();
    // Independent reads and the run's folder, side by side. The desired menu lets readSnapshot skip
    // parsing (and plan skip comparing) the products that did not change.
    const [record, snapshot, status] = await Promise.all([
      createRunRecord(dir, newRunId(startedAt)),
      readSnapshot(dir, { reuse: desired }),
      readStatus(dir),
      writeTargetIdentity(dir, request.target),
    ]);
    runId = record.id;
    const plan = request.savedPlan
      ? checkSavedPlan(request.savedPlan, request.target, {
          baselineHash: snapshot?.hash ?? null,
          baselineUncertain: status.uncertain,
        })
      : preparePlan(deps.plan, desired, { snapshot, status }, request.planOptions);
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
      return finishRun(record, request, plan, startedAt, now, result);
    };

    if (plan.blocked) {
      await finish({ errors: [`blocked: ${plan.blocked}`] });
      throw new GuardBlockedError(`blocked: ${plan.blocked}`, {
        hint: 'nothing was sent; see the plan, and use --allow-deletes / --allow-empty if the change is intended',
      });
    }
    if (plan.mode === 'none' || !plan.payload) return await finish({});
    // Something will be sent: the token's round trip overlaps the confirmation and the run's first
    // writes instead of coming right before the import (the import's own token request joins this
    // one). A run with nothing to send contacts nobody.
    void deps.client.prepare?.().catch(() => undefined);
    let confirmed: boolean;
    try {
      confirmed = await deps.confirm(plan);
    } catch (error) {
      await finish({ errors: [(error as Error).message] });
      throw error;
    }
    if (!confirmed) {
      await finish({ errors: ['cancelled at the confirmation: nothing was sent'] });
      throw new ApplyCancelledError('apply cancelled: nothing was sent');
    }

    const progress: SendProgress = { attempts: 0, responses: [] };
    // The read-back runs while the snapshot is put in place; drift is marked after that (below).
    const checked: { verification: Verification | null; errors: string[] } = {
      verification: null,
      errors: [],
    };
    const readBack = async (): Promise<void> => {
      try {
        checked.verification = verifyReadBack(desired, await deps.client.listCategories({ visible: 0 }));
      } catch (error) {
        checked.errors.push(`read-back failed: ${(error as Error).message}`);
      }
    };
    try {
      await sendPlan({
        dir,
        record,
        plan,
        desired,
        status,
        maxPayloadBytes: request.maxPayloadBytes,
        client: deps.client,
        now,
        progress,
        whileSending: writePlanJson,
        ...(request.verify !== false ? { whileCommitting: readBack } : {}),
      });
    } catch (error) {
      await finish({ errors: [(error as Error).message], send: progress });
      throw error;
    }
    const { verification, errors } = checked;
    if (verification?.status === 'drift') await markDrift(dir, record.id, now());
    return await finish({ applied: true, send: progress, verification, errors });
  } finally {
    // Under the lock, so two runs never prune at once; never fails the run.
    await pruneRuns(dir, request.keepRuns ?? DEFAULT_KEEP_RUNS, runId).catch(() => []);
    await lock.release();
  }
}

interface Outcome {
  applied: boolean;
  send: SendProgress | undefined;
  verification: Verification | null;
  errors: string[];
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
    startedAt: startedAt.toISOString(),
    finishedAt: now().toISOString(),
  });
  const [reports] = await Promise.all([writeRunReports(record, report), responses]);
  return {
    runId: record.id,
    runDir: record.dir,
    plan,
    applied: result.applied ?? false,
    verification: result.verification ?? null,
    attempts: send?.attempts ?? 0,
    requests: send?.responses.length ?? 0,
    report,
    reports,
  };
}

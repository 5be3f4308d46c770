import type PgBoss from 'pg-boss';
import { errorLine, exitCodeOf, type TargetRunResult } from '../apply/0-start/target-run-result.js';
import { resolveSettings } from '../config/settings/resolve.js';
import type { RunSettings } from '../config/settings/types.js';
import { platformOptions } from '../config/settings/platform-options.js';
import { ExitCode, LockHeldError } from '../errors.js';
import { applyApprovedPlan, type ApprovalEnding } from '../history/apply-approval.js';
import { decisionLine, readDecision, writeDecision, type RunDecision } from '../history/run-decision.js';
import type { TargetStore } from '../state/store.js';
import { decideJob, type JobDecision } from './job-outcome.js';
import { persist } from './persist.js';
import { endJob, notifyJob, type JobContext, type SyncJobData } from './run-job.js';

/** Why an approval job found nothing to apply, or what it came to: the job's exit and the decision's end. */
interface Settled {
  exit: ExitCode;
  result: TargetRunResult | null;
  /** The decision as it ends; null when this job leaves it as it found it. */
  decision: RunDecision | null;
  /** Why the job could not read or write the decision (the state was away): the queue retries it. */
  error?: string;
}

/**
 * One approval job: a person approved a blocked run in the console, which recorded the decision
 * as `queued` and queued this. It applies exactly that run's kept plan, as `apply --plan` would
 * (history/apply-approval.ts), and writes how that ended into the same decision record, so the
 * console, `menusync history` and the target's webhook say it. The decision is the guard against
 * applying twice: it goes from queued to applying under the target's lock, just before the plan is
 * sent; a job that finds it applying (its worker died mid-run, the job expired and came back)
 * sends nothing again and records the approval as failed.
 */
export async function runApprovalJob(
  ctx: JobContext,
  job: PgBoss.JobWithMetadata<SyncJobData>,
): Promise<void> {
  const { target, source } = job.data;
  const blockedRun = job.data.approvedRun!;
  await persist(() => ctx.queue.ledger.started(job.id, target, ctx.worker, source));
  ctx.onStart?.(target, job.id);
  const started = performance.now();
  const settled = await settle(ctx, target, blockedRun, job).catch((error: unknown): Settled => ({
    exit: exitCodeOf(error),
    result: null,
    decision: null,
    error: errorLine(error),
  }));
  const why =
    settled.error ??
    (settled.decision?.reason ? `approval ${settled.decision.state}: ${settled.decision.reason}` : null);
  // The job's exit is the approval's: a run that was refused, or none at all (export changed).
  const result: TargetRunResult = {
    ...(settled.result ?? {
      ...(why ? { errorText: why } : {}),
      ms: Math.round(performance.now() - started),
    }),
    exit: settled.exit,
  };
  const decision = queueAction(settled, job);
  await endJob(ctx, job, result, decision);
  // A job that found the approval already ended (a retry) tells nobody twice.
  if (settled.decision) {
    const note = { blockedRun, state: settled.decision.state, line: decisionLine(settled.decision) };
    await notifyJob(ctx, target, result, decision, note);
  }
}

async function settle(
  ctx: JobContext,
  target: string,
  blockedRun: string,
  attempt: { retryCount: number; retryLimit: number },
): Promise<Settled> {
  let settings: RunSettings;
  let store: TargetStore;
  try {
    settings = await resolveSettings(
      { target, state: ctx.stateUrl },
      { loaded: ctx.loaded, ...(ctx.names ? { names: ctx.names } : {}) },
    );
    store = ctx.queue.store.target(targetOf(settings));
  } catch (error) {
    // The target left the config, or its settings do not resolve: the decision cannot be read.
    return { exit: exitCodeOf(error), result: null, decision: null };
  }
  const found = await pending(store, blockedRun);
  if (found === 'held') return { exit: ExitCode.locked, result: null, decision: null };
  if (found === null) return { exit: ExitCode.ok, result: null, decision: null };
  if (found.state === 'applying') {
    const ended = end(found, {
      state: 'failed',
      appliedRun: null,
      reason:
        "the worker applying it stopped before it ended; it is not sent twice: the target's history shows what its run did",
    });
    await writeDecision(store, blockedRun, ended);
    return { exit: ExitCode.failure, result: null, decision: ended };
  }
  let claimed = false;
  let refused = false;
  const run = await applyApprovedPlan(settings, store, blockedRun, {
    store: ctx.queue.store,
    out: ctx.targetOutput(target),
    // Under the run's lock, just before sending: still queued, so no other attempt sent it.
    claim: async () => {
      const now = await readDecision(store, blockedRun);
      if (now?.state !== 'queued') return !(refused = true);
      await writeDecision(store, blockedRun, { ...now, state: 'applying' });
      return (claimed = true);
    },
  });
  // Another attempt took the decision first (a job expired while it still ran): it is that one's.
  if (refused) return { exit: ExitCode.ok, result: run.result, decision: null };
  // Nothing was sent and the queue will try again (a platform failure with retries left, or the
  // target held by a run): the decision stays queued for that attempt.
  const next = decideJob(run.exit, attempt);
  if (!claimed && run.ending.state === 'failed' && (next.action === 'later' || next.state === 'retrying'))
    return { exit: run.exit, result: run.result, decision: null };
  const ended = end(found, run.ending);
  await writeDecision(store, blockedRun, ended);
  return { exit: run.exit, result: run.result, decision: ended };
}

/** As for any job (job-outcome.ts), but an approval whose end is recorded is not tried again. */
function queueAction(settled: Settled, attempt: { retryCount: number; retryLimit: number }): JobDecision {
  const decision = decideJob(settled.exit, attempt);
  if (settled.decision && decision.action === 'fail')
    return { action: 'complete', state: 'failed', needsPerson: false };
  return decision;
}

/**
 * The run's decision when an approval of it waits for a worker (queued) or an earlier attempt
 * left it applying; null when there is nothing to do; 'held' when a run holds the target.
 */
async function pending(store: TargetStore, blockedRun: string): Promise<RunDecision | null | 'held'> {
  let lock;
  try {
    lock = await store.lock();
  } catch (error) {
    if (error instanceof LockHeldError) return 'held';
    throw error;
  }
  try {
    const decision = await readDecision(store, blockedRun);
    if (decision?.action !== 'approve') return null;
    return decision.state === 'queued' || decision.state === 'applying' ? decision : null;
  } finally {
    await lock.release();
  }
}

function end(decision: RunDecision, ending: ApprovalEnding): RunDecision {
  return { ...decision, ...ending };
}

/** The state's key of a config target, as runApplyTarget makes it. */
function targetOf(settings: RunSettings) {
  const connection = platformOptions(settings.connection, settings.names);
  return {
    ...(settings.targetName ? { name: settings.targetName } : {}),
    baseUrl: connection.baseUrl,
    clientId: connection.credentials.clientId,
    posUid: settings.posUid,
  };
}

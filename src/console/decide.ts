import { APPROVAL_PLAN_FILE } from '../apply/1-read/approval-plan.js';
import { errorLine, exitCodeOf, type TargetRunResult } from '../apply/0-start/target-run-result.js';
import { resolveSettings } from '../config/settings/resolve.js';
import { LockHeldError, type ExitCode } from '../errors.js';
import { endTargetRun } from '../fleet/run-effects.js';
import { applyApprovedPlan, type ApprovalEnding } from '../history/apply-approval.js';
import { decisionLine, readDecision, writeDecision, type RunDecision } from '../history/run-decision.js';
import { readSummary } from '../history/list-history.js';
import { silentOutput } from '../library/silent-output.js';
import type { TargetStore } from '../state/store.js';
import { enqueueApproval } from '../worker/enqueue.js';
import type { QueueConnection } from '../worker/queue.js';
import type { ConsoleContext } from './console-context.js';
import type { FleetRow } from './fleet-index.js';

export interface DecisionAsked {
  runId: string;
  action: 'approve' | 'reject';
  by: string;
  via: 'token' | 'link';
  /** The signed link's nonce, when a link made it. */
  link: string | null;
}

/**
 * A person's decision on a blocked run. Recorded first, under the target's lock, so a second
 * decision (a replayed link, two people at once) finds it and is refused. Then an approval is
 * handed to the workers when any serve this state (recorded `queued`; the job applies the plan and
 * records how that ended), or applied here, exactly the run's kept plan as `apply --plan` would.
 * Returns the decision, or one line saying why none was taken.
 */
export async function decide(
  ctx: ConsoleContext,
  row: FleetRow,
  asked: DecisionAsked,
): Promise<RunDecision | string> {
  if (!row.target) return 'the console cannot find this target in the state';
  if (asked.action === 'approve' && !ctx.loaded)
    return 'approving needs the config: start the console with its config file';
  const store = ctx.store.target(row.target);
  // Beside running workers the approval is theirs to apply (the console only records it); else here.
  const workers =
    asked.action === 'approve' && ctx.queue && (await ctx.queue.workersPresent()) ? ctx.queue : null;
  const taken = await record(store, asked, ctx.now(), workers ? 'queued' : 'applying');
  if (typeof taken === 'string') return taken;
  ctx.log(`${row.name}: run ${asked.runId} ${decisionLine(taken)}`);
  ctx.metrics.decided(asked.action);
  if (asked.action === 'reject') return taken;
  const here = workers ? null : await applyHere(ctx, row.name, store, asked.runId);
  const ended = here ? here.ending : await queueForWorkers(workers!, row.name, asked.runId);
  const final: RunDecision = { ...taken, ...ended };
  if (here) {
    await writeDecision(store, asked.runId, final);
    ctx.log(`${row.name}: run ${asked.runId} ${decisionLine(final)}`);
    await tellWebhook(ctx, row.name, asked.runId, final, here.result);
  }
  await ctx.index.refresh();
  return final;
}

async function record(
  store: TargetStore,
  asked: DecisionAsked,
  now: Date,
  approved: 'queued' | 'applying',
): Promise<RunDecision | string> {
  let lock;
  try {
    lock = await store.lock();
  } catch (error) {
    if (error instanceof LockHeldError) return 'a run of this target is under way: try again in a minute';
    throw error;
  }
  try {
    if (!(await store.listRuns()).some((run) => run.id === asked.runId))
      return 'this run is not kept any more';
    const summary = await readSummary(store, asked.runId);
    if (typeof summary === 'string' || summary.outcome !== 'blocked') return 'this run was not blocked';
    const before = await readDecision(store, asked.runId);
    if (before) return `this run was already ${decisionLine(before)}`;
    if (asked.action === 'approve' && !(await store.readRunFile(asked.runId, APPROVAL_PLAN_FILE)))
      return 'this run kept no plan to approve (nothing to send, or extraction errors)';
    const decision: RunDecision = {
      action: asked.action,
      by: asked.by,
      via: asked.via,
      at: now.toISOString(),
      link: asked.link,
      state: asked.action === 'approve' ? approved : 'rejected',
      appliedRun: null,
      reason: null,
    };
    await writeDecision(store, asked.runId, decision);
    return decision;
  } finally {
    await lock.release();
  }
}

interface AppliedHere {
  ending: ApprovalEnding;
  /** The run as a webhook is told it (none started: the reason alone). */
  result: TargetRunResult;
}

/** The console applies the approval itself: no workers serve this state (or it is a folder). */
async function applyHere(
  ctx: ConsoleContext,
  name: string,
  store: TargetStore,
  runId: string,
): Promise<AppliedHere> {
  const started = performance.now();
  const none = (ending: ApprovalEnding, exit: ExitCode): AppliedHere => ({
    ending,
    result: { exit, errorText: `approval ${ending.state}: ${ending.reason}`, ms: elapsed(started) },
  });
  try {
    const given = { configFile: ctx.loaded!.file, target: name, state: ctx.stateUrl };
    const settings = await resolveSettings(given, { loaded: ctx.loaded!, cwd: process.cwd() });
    const run = await applyApprovedPlan(settings, store, runId, { store: ctx.store, out: silentOutput() });
    return run.result ? { ending: run.ending, result: run.result } : none(run.ending, run.exit);
  } catch (error) {
    return none({ state: 'failed', appliedRun: null, reason: errorLine(error) }, exitCodeOf(error));
  }
}

/**
 * The target's `notify:` hears how the approval ended, as from a worker's approval job
 * (run-effects.ts): one run, one webhook, whoever applied it.
 */
async function tellWebhook(
  ctx: ConsoleContext,
  name: string,
  blockedRun: string,
  decision: RunDecision,
  result: TargetRunResult,
): Promise<void> {
  await endTargetRun(result, {
    command: 'apply',
    name,
    notify: ctx.loaded?.config.targets[name]?.notify,
    console: ctx.loaded?.config.console,
    decision: { blockedRun, state: decision.state, line: decisionLine(decision) },
    warn: (line) => ctx.log(`${name}: ${line}`),
  });
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since);
}

/** Hands the approval to the workers: a job applies the kept plan and records how that ended. */
async function queueForWorkers(queue: QueueConnection, name: string, runId: string): Promise<ApprovalEnding> {
  try {
    await enqueueApproval(queue, name, runId);
    return { state: 'queued', appliedRun: null, reason: null };
  } catch (error) {
    return {
      state: 'failed',
      appliedRun: null,
      reason: `it could not be queued for a worker: ${errorLine(error)}`,
    };
  }
}

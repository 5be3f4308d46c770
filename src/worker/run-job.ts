import type PgBoss from 'pg-boss';
import { requireYesForRemovals } from '../apply/3-confirm/confirm-removals.js';
import { runApplyTarget } from '../apply/0-start/apply-target.js';
import { errorLine, exitCodeOf, type TargetRunResult } from '../apply/0-start/target-run-result.js';
import type { Output } from '../output.js';
import type { LoadedConfig } from '../config/load-config.js';
import { resolveSettings } from '../config/settings/resolve.js';
import type { SettingNames } from '../model/setting-names.js';
import { fleetEntry, type FleetEntry } from '../fleet/fleet-entry.js';
import { endTargetRun } from '../fleet/run-effects.js';
import type { ApprovalNote } from '../notify/run-event.js';
import { decideJob, type JobDecision } from './job-outcome.js';
import type { JobSource } from './job-ledger.js';
import { persist } from './persist.js';
import { SYNC_QUEUE, type QueueConnection } from './queue.js';
import { jobSendOptions, type JobSettings } from './job-settings.js';

/** What a sync job carries: the config target to run, why, and how its queue treats failures. */
export interface SyncJobData {
  target: string;
  source: JobSource;
  settings: JobSettings;
  /** An approval job: apply this blocked run's kept plan (approval-job.ts) instead of a sync. */
  approvedRun?: string;
}

export interface JobContext {
  /** This worker's name, as `fleet status` shows where a run is. */
  worker: string;
  loaded: LoadedConfig;
  stateUrl: string;
  queue: QueueConnection;
  /** A run that found the target held by another waits this long before it is tried again. */
  heldRetrySeconds: number;
  /** The run's own messages (extract summary, retries): a worker keeps them for --debug. */
  targetOutput(target: string): Output;
  onStart?(target: string, jobId: string): void;
  onEnd?(entry: FleetEntry, decision: JobDecision, jobId: string): void;
  /** How the worker's command names the settings in messages (default: the library's option names). */
  names?: SettingNames;
  /** A line for the worker's log that is not a sync's own: a webhook that could not be told. */
  warn(line: string): void;
}

/**
 * One job: the target's sync exactly as `apply --target NAME --yes` (runApplyTarget, the fleet's
 * per-target run), then the ledger and the queue told how it ended (job-outcome.ts). The ledger is
 * written before the queue: a worker killed in between leaves a job that expires and runs again.
 */
export async function runSyncJob(ctx: JobContext, job: PgBoss.JobWithMetadata<SyncJobData>): Promise<void> {
  const { target, source } = job.data;
  await persist(() => ctx.queue.ledger.started(job.id, target, ctx.worker, source));
  ctx.onStart?.(target, job.id);
  const result = await syncTarget(ctx, target, ctx.queue.store);
  const decision = decideJob(result.exit, job);
  await endJob(ctx, job, result, decision);
  await notifyJob(ctx, target, result, decision);
}

/**
 * How a job's attempt ended, written down: the ledger first, then the queue (a worker killed in
 * between leaves a job that expires and runs again), a held target's job queued again, and the
 * worker's log line.
 */
export async function endJob(
  ctx: JobContext,
  job: PgBoss.JobWithMetadata<SyncJobData>,
  result: TargetRunResult,
  decision: JobDecision,
): Promise<void> {
  const { boss, ledger } = ctx.queue;
  const entry = fleetEntry(job.data.target, result);
  const runId = result.runId ?? null;
  const error = entry.errors.length > 0 ? entry.errors.join('; ') : null;
  await persist(() =>
    ledger.finished(job.id, { state: decision.state, exitCode: result.exit, runId, result: entry, error }),
  );
  const output = { worker: ctx.worker, exit: result.exit, state: decision.state, runId };
  if (decision.action === 'fail') await persist(() => boss.fail(SYNC_QUEUE, job.id, output));
  else await persist(() => boss.complete(SYNC_QUEUE, job.id, output));
  if (decision.action === 'later') await retryLater(ctx, job.data);
  ctx.onEnd?.(entry, decision, job.id);
}

/**
 * The run's after-effects as every apply does them (fleet/run-effects.ts), after the queue (a slow
 * webhook never makes a finished job look lost). A target held by another run is not told: its job
 * is queued again and the run that follows is. Each attempt of a retried job is a run, told as one.
 */
export async function notifyJob(
  ctx: JobContext,
  target: string,
  result: TargetRunResult,
  decision: JobDecision,
  note?: ApprovalNote,
): Promise<void> {
  await endTargetRun(result, {
    // An approval job's run says whose approval it applied, and how that ended.
    ...(note ? { decision: note } : {}),
    command: 'apply',
    name: target,
    notify: ctx.loaded.config.targets[target]?.notify,
    // A blocked run's webhook carries the manager's link to the console (when one is configured).
    console: ctx.loaded.config.console,
    tell: decision.action !== 'later',
    // Several targets share a worker's log: the line names the one whose webhook failed.
    warn: (line) => ctx.warn(`${target}: ${line}`),
  });
}

async function syncTarget(
  ctx: JobContext,
  target: string,
  store: QueueConnection['store'],
): Promise<TargetRunResult & { outcome?: { runId: string } }> {
  const started = performance.now();
  try {
    // --state wins over the target's state_dir: every worker writes the one shared state.
    const settings = await resolveSettings(
      { target, state: ctx.stateUrl },
      { loaded: ctx.loaded, ...(ctx.names ? { names: ctx.names } : {}) },
    );
    return await runApplyTarget(
      settings,
      {},
      {
        store,
        out: ctx.targetOutput(target),
        // A worker is `apply --yes`: nobody is there to ask.
        confirm: async (plan) => {
          requireYesForRemovals(plan, true);
          return true;
        },
      },
    );
  } catch (error) {
    // A target no longer in the config, or one whose settings do not resolve: a person must look.
    return {
      exit: exitCodeOf(error),
      errorText: errorLine(error),
      ms: Math.round(performance.now() - started),
    };
  }
}

/**
 * The target was held by another run: a new job for it waits, unless one is already waiting. An
 * approval job stays one (its own singleton key: a nightly job waiting for the target is no reason
 * to drop it).
 */
export async function retryLater(ctx: JobContext, data: SyncJobData): Promise<void> {
  const { boss, ledger } = ctx.queue;
  const source = data.approvedRun ? 'approval' : 'held-retry';
  const next: SyncJobData = { ...data, source };
  const options = { ...jobSendOptions(data.target, data.settings), singletonKey: singletonKeyOf(data) };
  const id = await persist(() => boss.sendAfter(SYNC_QUEUE, next, options, ctx.heldRetrySeconds));
  if (id) await persist(() => ledger.queued([{ jobId: id, target: data.target }], source));
}

/** One waiting job per target, and one per approved run beside it. */
export function singletonKeyOf(data: Pick<SyncJobData, 'target' | 'approvedRun'>): string {
  return data.approvedRun ? `${data.target}/approval/${data.approvedRun}` : data.target;
}

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runApplyTarget } from '../apply/0-start/apply-target.js';
import { APPROVAL_PLAN_FILE, parseApprovalPlan } from '../apply/1-read/approval-plan.js';
import { extractDesired } from '../apply/0-start/desired-menu.js';
import { errorLine } from '../apply/0-start/target-run-result.js';
import { resolveSettings } from '../config/settings/resolve.js';
import { LockHeldError } from '../errors.js';
import { DECISION_FILE, decisionLine, readDecision, type RunDecision } from '../history/run-decision.js';
import { readSummary } from '../history/list-history.js';
import { silentOutput } from '../library/silent-output.js';
import { hashMenu } from '../plan/canonical-json.js';
import type { TargetStore } from '../state/store.js';
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
 * decision (a replayed link, two people at once) finds it and is refused; then an approval applies
 * exactly the run's kept plan, as `apply --plan` would, and the record says how that ended.
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
  const taken = await record(store, asked, ctx.now());
  if (typeof taken === 'string') return taken;
  ctx.log(`${row.name}: run ${asked.runId} ${decisionLine(taken)}`);
  ctx.metrics.decided(asked.action);
  if (asked.action === 'reject') return taken;
  const ended = await applyKeptPlan(ctx, row.name, store, asked.runId);
  const final: RunDecision = { ...taken, ...ended };
  await (await store.createRun(asked.runId)).writeJson(DECISION_FILE, final);
  ctx.log(`${row.name}: run ${asked.runId} ${decisionLine(final)}`);
  await ctx.index.refresh();
  return final;
}

async function record(store: TargetStore, asked: DecisionAsked, now: Date): Promise<RunDecision | string> {
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
      state: asked.action === 'approve' ? 'applying' : 'rejected',
      appliedRun: null,
      reason: null,
    };
    await (await store.createRun(asked.runId)).writeJson(DECISION_FILE, decision);
    return decision;
  } finally {
    await lock.release();
  }
}

type Ending = Pick<RunDecision, 'state' | 'appliedRun' | 'reason'>;

/**
 * Applies the run's kept plan through `apply --plan`'s own path (runApplyTarget): it refuses a plan
 * whose snapshot or live menu changed since (guard saved-plan-stale). The export is checked here:
 * a plan made from an export that has changed since would undo what the new export says.
 */
async function applyKeptPlan(
  ctx: ConsoleContext,
  name: string,
  store: TargetStore,
  runId: string,
): Promise<Ending> {
  const saved = parseApprovalPlan(await store.readRunFile(runId, APPROVAL_PLAN_FILE));
  if (!saved) return { state: 'failed', appliedRun: null, reason: 'the kept plan does not read' };
  const folder = await mkdtemp(path.join(tmpdir(), 'menusync-approval-'));
  try {
    const given = { configFile: ctx.loaded!.file, target: name, state: ctx.stateUrl };
    const settings = await resolveSettings(given, { loaded: ctx.loaded!, cwd: process.cwd() });
    const now = await extractDesired(settings, silentOutput());
    if (now.errors > 0 || hashMenu(now.menu) !== saved.desiredHash)
      return { state: 'void', appliedRun: null, reason: 'the export changed since the run was blocked' };
    const file = path.join(folder, 'plan.json');
    await writeFile(file, JSON.stringify(saved), { mode: 0o600 });
    const result = await runApplyTarget(
      settings,
      { savedPlan: file },
      { store: ctx.store, out: silentOutput(), confirm: async () => true },
    );
    const outcome = result.outcome?.report.outcome;
    if (outcome === 'blocked')
      return {
        state: 'void',
        appliedRun: result.runId ?? null,
        reason: stale(result.outcome!.report.errors),
      };
    if (result.exit === 0 && (outcome === 'applied' || outcome === 'none'))
      return { state: 'applied', appliedRun: result.runId ?? null, reason: null };
    return {
      state: 'failed',
      appliedRun: result.runId ?? null,
      reason:
        result.errorText ??
        (result.error !== undefined ? errorLine(result.error) : `the run ended ${outcome}`),
    };
  } catch (error) {
    return { state: 'failed', appliedRun: null, reason: errorLine(error) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Why the platform side changed, as the refused run's report words it. */
function stale(errors: readonly string[]): string {
  return (errors[0] ?? 'the target changed since the run').replace(/^blocked: /, '');
}

import { checkCancelled } from '../errors.js';
import { DEFAULT_KEEP_RUNS } from '../state/run-history.js';
import { duringImport, type ImportState } from '../state/state-write-error.js';
import type { ApplyDeps, ApplyOutcome, ApplyRequest } from './apply-request.js';
import { confirmOrCancel, endBeforeSending, endIfCancelled } from './3-confirm/before-send.js';
import { runFinish } from './6-record/run-finish.js';
import { planRun, readRunInputs } from './1-read/run-inputs.js';
import { checkSavedPlanTarget } from './1-read/saved-plan.js';
import { keepForApproval } from './1-read/approval-plan.js';
import { finishSent, sendAndReadBack } from './4-send/send-and-read-back.js';

export { ApplyCancelledError } from './apply-request.js';
export type { ApplyDeps, ApplyOutcome, ApplyRequest } from './apply-request.js';

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
  // Cancelled before the start: nothing is touched, not even the lock.
  checkCancelled(deps.signal);
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
    const inputs = await readRunInputs(state, desired, deps.client, {
      refresh: request.refresh !== false,
      startedAt,
      ...(request.erosionDays !== undefined ? { erosionDays: request.erosionDays } : {}),
    });
    runId = inputs.record.id;
    const plan = planRun(request, deps.plan, desired, inputs);
    // A run a guard blocked keeps its plan for a person to approve (menusync serve).
    if (!request.savedPlan) await keepForApproval(inputs, plan, desired, request.target, startedAt);
    const run = runFinish({ record: inputs.record, request, plan, startedAt, now, onFinish: deps.onFinish });
    const ended = await endBeforeSending(inputs, plan, run.finish, request.planOptions.names);
    if (ended) return ended;
    await endIfCancelled(deps.signal, run.finish);
    // Something will be sent: the token's round trip overlaps the confirmation and the run's first
    // writes instead of coming right before the import (the import's own token request joins this
    // one). A run with nothing to send contacts nobody.
    void deps.client.prepare?.().catch(() => undefined);
    await confirmOrCancel(plan, deps.confirm, run.finish);
    await endIfCancelled(deps.signal, run.finish);
    const sent = await sendAndReadBack({ state, inputs, plan, desired, request, deps, now, run });
    importState = 'applied-recorded';
    const outcome = await finishSent(state, sent, { runId, now, run });
    // Cancelled during the read-back: the platform confirmed and the snapshot moved (the report
    // says applied, the read-back cut short); the caller still learns the run was cancelled.
    checkCancelled(deps.signal);
    return outcome;
  } catch (error) {
    throw duringImport(error, importState);
  } finally {
    // Under the lock, so two runs never prune at once; never fails the run.
    await state.pruneRuns(request.keepRuns ?? DEFAULT_KEEP_RUNS, runId).catch(() => []);
    await lock.release();
  }
}

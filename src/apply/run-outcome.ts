import type { Plan } from '../plan/types.js';
import type { RunOutcome } from '../report/outcome.js';
import type { SendProgress } from './send-plan.js';

/**
 * A failed send is `failed` only when the platform is known to hold the menu it had: nothing went
 * out, or the first request's answer was a refusal. An import without an answer, a split merge
 * stopped half way, or a confirmed import whose snapshot could not be moved leave it `uncertain`
 * (sendPlan marks the target so; the next apply replaces).
 */
export function sendFailureOutcome(progress: SendProgress): RunOutcome {
  if (progress.responses.length === 0) return 'failed';
  const failed = progress.responses.find((response) => !response.success);
  if (!failed) return 'uncertain';
  return failed.request === 1 && failed.error?.outcomeUnknown !== true ? 'failed' : 'uncertain';
}

/** What to do about a blocked apply: a stale saved plan wants a new plan, a guard a look at the plan. */
export function blockedHint(plan: Plan): string {
  if (plan.blockedBy?.some((block) => block.guard === 'saved-plan-stale'))
    return 'nothing was sent; make a new plan with menusync plan --out-plan, review it, and apply that';
  return 'nothing was sent; see the plan, and use --allow-deletes / --allow-empty if the change is intended';
}

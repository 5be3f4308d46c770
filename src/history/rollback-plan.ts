import { preparePlan } from '../apply/2-plan/prepare-plan.js';
import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { LiveMenu } from '../plan/live/live-menu.js';
import type { Plan, PlanFunction, PlanOptions, RollbackOrigin } from '../plan/types.js';
import type { TargetStore } from '../state/store.js';

/**
 * The plan function of a rollback: always a replace (the platform gets back exactly the menu it
 * confirmed then, whatever changed since), with the guards of any replace, and the plan names
 * where it goes back to (a target marked uncertain rewrites the reason, not this field).
 */
export function rollbackPlanner(planMenu: PlanFunction, origin: RollbackOrigin): PlanFunction {
  return (desired, baseline, options) => {
    const plan = planMenu(desired, baseline, { ...options, mode: 'replace' });
    return { ...plan, reason: `rollback to run ${origin.runId}'s menu: ${plan.reason}`, rollback: origin };
  };
}

/**
 * What the rollback would send, without the lock (as `menusync plan`): shown when it is not applied
 * (--dry-run, or no --yes without a terminal to ask on). Planned against the live menu the caller
 * read as the run reads it (`live`), so the preview shows the drift, names what the replace removes
 * there and passes the same guards; `offline` says why it was not read.
 */
export async function planRollbackPreview(
  store: TargetStore,
  planMenu: PlanFunction,
  menu: CanonicalMenu,
  options: PlanOptions,
  refresh: { live: LiveMenu } | { offline: string },
): Promise<Plan> {
  const [snapshot, status] = await Promise.all([store.readSnapshot({ reuse: menu }), store.readStatus()]);
  return preparePlan(planMenu, menu, { snapshot, status }, { ...options, mode: 'replace', ...refresh });
}

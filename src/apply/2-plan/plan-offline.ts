import type { CanonicalMenu } from '../../model/canonical-menu.js';
import type { Plan, PlanFunction, PlanOptions } from '../../plan/types.js';
import type { MenuSnapshot, TargetStatus } from '../../state/snapshot.js';
import type { StateStore } from '../../state/store.js';
import type { Target } from '../../state/target.js';
import { DEFAULT_EROSION_DAYS } from '../../plan/erosion.js';
import { erosionOption } from '../1-read/erosion-reference.js';
import { preparePlan } from './prepare-plan.js';
import type { BaselineIdentity } from '../1-read/saved-plan.js';

export interface OfflinePlan {
  plan: Plan;
  baseline: BaselineIdentity;
  snapshot: MenuSnapshot | null;
  status: TargetStatus;
}

/**
 * `menusync plan`: no network and no credentials, only the target's state (read, never locked).
 * Without a target (no base URL / client id known) the baseline is unknown, as on a first apply.
 */
export async function planOffline(
  planMenu: PlanFunction,
  desired: CanonicalMenu,
  target: Target | null,
  store: StateStore,
  options: PlanOptions,
  now: Date = new Date(),
): Promise<OfflinePlan> {
  const state = target ? store.target(target) : null;
  // The desired menu lets readSnapshot skip parsing the products that did not change.
  const snapshot = state ? await state.readSnapshot({ reuse: desired }) : null;
  const status: TargetStatus = state ? await state.readStatus() : { uncertain: false };
  const days = options.erosionDays ?? DEFAULT_EROSION_DAYS;
  const erosion = state ? await erosionOption(state, days, now) : {};
  return {
    plan: preparePlan(planMenu, desired, { snapshot, status }, { ...options, ...erosion }),
    baseline: { baselineHash: snapshot?.hash ?? null, baselineUncertain: status.uncertain },
    snapshot,
    status,
  };
}

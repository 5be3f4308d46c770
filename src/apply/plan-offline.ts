import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { Plan, PlanFunction, PlanOptions } from '../plan/types.js';
import { readSnapshot, readStatus, type MenuSnapshot, type TargetStatus } from '../state/snapshot.js';
import { targetDir, type Target } from '../state/target.js';
import { preparePlan } from './prepare-plan.js';
import type { BaselineIdentity } from './saved-plan.js';

export interface OfflinePlan {
  plan: Plan;
  baseline: BaselineIdentity;
  snapshot: MenuSnapshot | null;
  status: TargetStatus;
}

/**
 * `menusync plan`: no network and no credentials, only the target's state folder. Without a target
 * (no base URL / client id known) the baseline is unknown, as on a first apply.
 */
export async function planOffline(
  planMenu: PlanFunction,
  desired: CanonicalMenu,
  target: Target | null,
  stateDir: string,
  options: PlanOptions,
): Promise<OfflinePlan> {
  const dir = target ? targetDir(stateDir, target) : null;
  // The desired menu lets readSnapshot skip parsing the products that did not change.
  const snapshot = dir ? await readSnapshot(dir, { reuse: desired }) : null;
  const status: TargetStatus = dir ? await readStatus(dir) : { uncertain: false };
  return {
    plan: preparePlan(planMenu, desired, { snapshot, status }, options),
    baseline: { baselineHash: snapshot?.hash ?? null, baselineUncertain: status.uncertain },
    snapshot,
    status,
  };
}

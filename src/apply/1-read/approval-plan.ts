import type { CanonicalMenu } from '../../model/canonical-menu.js';
import { parseJsonBytes } from '../../model/json-bytes.js';
import { liveFingerprint } from '../../plan/live/live-menu.js';
import type { Plan } from '../../plan/types.js';
import type { Target } from '../../state/target.js';
import type { RunInputs } from './run-inputs.js';
import { createSavedPlan, SavedPlan } from './saved-plan.js';

/** The file of a blocked run's record that holds its plan for a person to approve (menusync serve). */
export const APPROVAL_PLAN_FILE = 'approval-plan.json';

/**
 * A blocked run keeps its plan as `plan --out-plan` would save it, bound to the same snapshot and
 * live menu, with the guards' refusal lifted: a person's approval is what overrides the guards, and
 * `apply --plan` of this file applies exactly the plan the run's report shows. A plan with nothing
 * to send (a refusal without a payload, extraction errors) has nothing to approve and is not kept.
 */
export async function keepForApproval(
  inputs: RunInputs,
  plan: Plan,
  desired: CanonicalMenu,
  target: Target,
  now: Date,
): Promise<void> {
  if (!plan.blocked || !plan.payload || plan.mode === 'none') return;
  const approvable: Plan = { ...plan, blocked: null, blockedBy: [] };
  const saved = createSavedPlan(
    approvable,
    desired,
    target,
    { baselineHash: inputs.snapshot?.hash ?? null, baselineUncertain: inputs.status.uncertain },
    now,
    inputs.live ? liveFingerprint(inputs.live) : null,
  );
  await inputs.record.writeJson(APPROVAL_PLAN_FILE, saved);
}

/** A blocked run's kept plan, or null when it has none (or it does not read as one). */
export function parseApprovalPlan(bytes: Buffer | null): SavedPlan | null {
  return parseJsonBytes(SavedPlan, bytes);
}

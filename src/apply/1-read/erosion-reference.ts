import type { PlanOptions } from '../../plan/types.js';
import { menuAsOf } from '../../state/menu-as-of.js';
import type { TargetStore } from '../../state/store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The plan option of the erosion guard: the menu as it was `days` before `now`, from the target's
 * run history ({} when history holds no older menu than the snapshot).
 */
export async function erosionOption(
  state: TargetStore,
  days: number | undefined,
  now: Date,
): Promise<Pick<PlanOptions, 'erosionReference'>> {
  if (days === undefined) return {};
  const snapshot = await menuAsOf(state, new Date(now.getTime() - days * DAY_MS));
  if (!snapshot) return {};
  const { menu, runId, appliedAt } = snapshot;
  return { erosionReference: { menu, runId, appliedAt, days } };
}

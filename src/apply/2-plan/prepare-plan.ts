import type { CanonicalMenu } from '../../model/canonical-menu.js';
import type { Plan, PlanFunction, PlanOptions } from '../../plan/types.js';
import type { MenuSnapshot, TargetStatus } from '../../state/snapshot.js';
import { describeDrift } from '../../plan/live/live-context.js';

/**
 * The plan of one run: the desired menu against the last confirmed snapshot. When the target is
 * uncertain (a run sent a menu and never learned whether the platform took it) the platform may
 * hold either menu, so the plan becomes a full replace whatever the diff says. It is still diffed
 * against the old snapshot (our best knowledge) so the delete guards keep protecting the menu.
 */
export function preparePlan(
  planMenu: PlanFunction,
  desired: CanonicalMenu,
  state: { snapshot: MenuSnapshot | null; status: TargetStatus },
  options: PlanOptions,
): Plan {
  const baseline = state.snapshot?.menu ?? null;
  if (!state.status.uncertain) return planMenu(desired, baseline, options);
  const plan = planMenu(desired, baseline, { ...options, mode: 'replace' });
  const why = state.status.reason ?? 'a previous run did not record its outcome';
  // Read against the live menu, the resync lists what it removes there and passes its guards (plan()).
  const drift = plan.drift?.length
    ? `; the live menu changed outside menusync (${describeDrift(plan.drift)})`
    : '';
  return {
    ...plan,
    mode: 'replace',
    reason: `the platform state is uncertain (${why}): sending the full menu as a replace to resync${drift}`,
    payload: {
      pos_uid: options.posUid,
      update_mode: 'replace',
      categories: desired.categories,
      products: desired.products,
    },
  };
}

import { UsageError } from '../../errors.js';
import { liveRemovalsBeyond } from '../../plan/live/live-context.js';
import type { Plan } from '../../plan/types.js';
import { countOf } from '../../plural.js';
import { OPTION_NAMES, type SettingNames } from '../../model/setting-names.js';

/**
 * Without a person to ask (no terminal, or a fleet of targets), only a replace that removes
 * something needs the caller's consent (the CLI's --yes, the library's allowRemovals): a cron job
 * must opt in to deleting. Throws the usage error that says so, naming it as the caller does.
 */
export function requireYesForRemovals(
  plan: Plan,
  yes: boolean,
  names: Pick<SettingNames, 'allowRemovals'> = OPTION_NAMES,
): void {
  if (yes) return;
  const removals =
    plan.counts.categories.remove +
    plan.counts.products.remove +
    plan.counts.options.remove +
    plan.counts.option_values.remove +
    // What a replace removes from the live menu beyond them (hand-made entities, say).
    liveRemovalsBeyond(plan);
  if (plan.mode === 'replace' && removals > 0) {
    throw new UsageError(
      `this replace removes ${countOf(removals, 'entity', 'entities')}; pass ${names.allowRemovals} to apply it without a terminal`,
    );
  }
}

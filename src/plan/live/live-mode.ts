import type { CanonicalMenu } from '../../model/canonical-menu.js';
import { countOf } from '../../plural.js';
import type { ModeChoice } from '../mode.js';
import { replacePayload } from '../payload.js';
import type { PlanOptions } from '../types.js';
import { describeDrift, type LiveContext } from './live-context.js';

/**
 * The mode chosen against the snapshot, corrected by what is live: a menu changed outside
 * menusync is set back by a replace (a merge would leave the drift in place), and a first sync
 * onto a live menu that is not empty says that whatever it does not hold goes.
 */
export function modeAgainstLive(
  choice: ModeChoice,
  desired: CanonicalMenu,
  baseline: CanonicalMenu | null,
  live: LiveContext,
  options: PlanOptions,
): ModeChoice {
  let result = choice;
  if (live.drift.length > 0) {
    const what =
      emptiedLive(baseline, live) ?? `the live menu changed outside menusync (${describeDrift(live.drift)})`;
    if ((options.mode ?? 'auto') === 'auto' && choice.mode !== 'replace') {
      result = {
        mode: 'replace',
        reason: `${what}: a full replace sets it to the desired menu${choice.mode === 'none' ? '' : ` (${choice.reason})`}`,
        payload: replacePayload(desired, options.posUid),
        refusal: choice.refusal,
      };
    } else if (choice.mode === 'merge') {
      result = { ...choice, reason: `${choice.reason}; note: ${what}, which a merge leaves in place` };
    } else {
      result = { ...choice, reason: `${choice.reason}; ${what}` };
    }
  }
  const { menu } = live;
  if (!baseline && result.mode === 'replace' && menu.categories.length > 0) {
    const held = `${countOf(menu.products, 'product')} in ${countOf(menu.categories.length, 'category', 'categories')}`;
    result = {
      ...result,
      reason: `${result.reason}; first sync onto a live menu that is not empty (${held}): the replace removes whatever the desired menu does not hold`,
    };
  }
  return result;
}

/**
 * A live menu that shows nothing where the snapshot holds a menu is named as such: emptied in the
 * back office, or a listing that shows nothing. Either way the delete limit counts against the
 * snapshot (delete-limit.ts), never against the empty listing.
 */
function emptiedLive(baseline: CanonicalMenu | null, live: LiveContext): string | null {
  if (!baseline || live.menu.categories.length > 0 || baseline.categories.length === 0) return null;
  const held = `${countOf(baseline.products.length, 'product')} in ${countOf(baseline.categories.length, 'category', 'categories')}`;
  return `the live menu is empty, though the last confirmed snapshot holds ${held} (emptied outside menusync, or the platform lists nothing)`;
}

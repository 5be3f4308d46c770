import type { CanonicalMenu } from '../model/canonical-menu.js';
import { countOf } from '../plural.js';
import { guardNames, limitNumbers, overLimit, shareOf, someNames } from './limit.js';
import { NAMED_REMOVALS } from './live/live-removals.js';
import type { GuardBlock, PlanOptions } from './types.js';

/** How many days back the erosion guard looks by default (a week of nightly runs). */
export const DEFAULT_EROSION_DAYS = 7;

/**
 * Erosion: a replace judged against the menu as it was some days ago (from run history), not only
 * against the last run's. An export that loses 9 of 100 products each night passes the delete limit
 * every night; counted against the week-old menu, the third night is over it. Judged only when the
 * plan removes products itself: a plan that removes none has nothing to stop.
 */
export function erosionBlock(
  desired: CanonicalMenu,
  removesProducts: boolean,
  options: PlanOptions,
): GuardBlock | null {
  const reference = options.erosionReference;
  if (!reference || !removesProducts) return null;
  const kept = new Set(desired.products.map((p) => p.ext_id));
  const gone = reference.menu.products.filter((p) => !kept.has(p.ext_id));
  const total = reference.menu.products.length;
  const over = overLimit(gone.length, total, options.allowErosion, guardNames(options).allowErosion);
  if (!over) return null;
  const names = gone.slice(0, NAMED_REMOVALS).map((p) => `product ${p.ext_id}`);
  const since = `since run ${reference.runId} (confirmed ${reference.appliedAt}; erosion looks back ${countOf(reference.days, 'day')})`;
  return {
    guard: 'erosion',
    message: `the replace would leave ${countOf(gone.length, 'product')}${shareOf(gone.length, total)} removed ${since}, ${over}: ${someNames(names, gone.length)}`,
    numbers: {
      eroded: gone.length,
      referenceProducts: total,
      days: reference.days,
      ...limitNumbers(options.allowErosion),
    },
    allows: { setting: 'allowErosion', value: gone.length },
  };
}

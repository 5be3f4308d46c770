import { OPTION_NAMES, type GuardNames } from '../../model/setting-names.js';
import type { GuardName, Plan } from '../../plan/types.js';
import type { RunOutcome } from '../../report/outcome.js';
import type { SendProgress } from '../4-send/send-plan.js';

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

/** What each guard asks of the operator, naming the settings as the caller does. */
const guardHints = (n: GuardNames): Readonly<Record<GuardName, string>> => ({
  'saved-plan-stale': 'make a new plan with menusync plan --out-plan, review it, and apply that',
  'extraction-errors':
    'fix the rows the extraction errors name (menusync validate lists them all), then run again',
  'merge-cannot-remove': `use ${n.mode} replace (or auto) to remove entities`,
  protected: 'keep the protected entities in the export, or take them off the protect list',
  'delete-limit': `see the plan, and use ${n.allowDeletes} if the removals are intended`,
  'empty-menu': `see the plan, and use ${n.allowEmpty} if an empty menu is intended`,
  'mass-hiding': `see the plan, and use ${n.allowHiding} if hiding those products is intended`,
  'price-factor': `check the export is in the unit of the last run (not cents), and use ${n.allowPriceChanges} if the new prices are intended`,
  erosion: `see the plan and \`menusync history\`, and use ${n.allowErosion} if the menu is meant to have lost those products`,
});

/** Which hint wins when several guards refused: the one that makes the others moot first. */
const ORDER: readonly GuardName[] = [
  'saved-plan-stale',
  'extraction-errors',
  'merge-cannot-remove',
  'protected',
  'delete-limit',
  'empty-menu',
  'price-factor',
  'mass-hiding',
  'erosion',
];

/** What to do about a blocked apply: a stale saved plan wants a new plan, bad rows a fix, a guard a look at the plan. */
export function blockedHint(plan: Plan, names: GuardNames = OPTION_NAMES): string {
  const guards = plan.blockedBy?.map((block) => block.guard) ?? [];
  const hints = guardHints(names);
  for (const guard of ORDER) {
    if (guards.includes(guard)) return `nothing was sent; ${hints[guard]}`;
  }
  return `nothing was sent; see the plan, and use ${names.allowDeletes} / ${names.allowEmpty} if the change is intended`;
}

import type { CanonicalMenu } from '../model/canonical-menu.js';
import { countEntries } from './counts.js';
import { diffMenu } from './diff.js';
import { guardBlocks } from './guards.js';
import { chooseMode } from './mode.js';
import type { Plan, PlanOptions } from './types.js';

/**
 * The plan stage: a pure function of the desired menu, the last applied menu (null when unknown)
 * and the options. No I/O, no clock: the same inputs give byte-identical JSON.
 */
export function plan(desired: CanonicalMenu, baseline: CanonicalMenu | null, options: PlanOptions): Plan {
  const entries = diffMenu(desired, baseline);
  const counts = countEntries(entries);
  const choice = chooseMode(desired, baseline, entries, counts, options);
  const blocks = [
    ...(choice.refusal ? [choice.refusal] : []),
    ...guardBlocks({ desired, baseline, entries, mode: choice.mode, options }),
  ];
  return {
    formatVersion: 1,
    mode: choice.mode,
    reason: choice.reason,
    blocked: blocks.length > 0 ? blocks.map((block) => block.message).join('; ') : null,
    blockedBy: blocks,
    counts,
    entries,
    payload: choice.payload,
  };
}

import type { CanonicalMenu } from '../model/canonical-menu.js';
import { countEntries } from './counts.js';
import { diffMenu } from './diff.js';
import { guardBlocks } from './guards.js';
import { liveContext, type LiveContext } from './live/live-context.js';
import { summarizeLive } from './live/live-menu.js';
import { modeAgainstLive } from './live/live-mode.js';
import { chooseMode } from './mode.js';
import type { Plan, PlanEntry, PlanOptions } from './types.js';

/**
 * The plan stage: a pure function of the desired menu, the last applied menu (null when unknown)
 * and the options, the live menu among them when it was read. No I/O, no clock: the same inputs
 * give byte-identical JSON.
 */
export function plan(desired: CanonicalMenu, baseline: CanonicalMenu | null, options: PlanOptions): Plan {
  const entries = diffMenu(desired, baseline);
  const counts = countEntries(entries);
  const live = options.live ? liveContext(desired, baseline, options.live) : null;
  const snapshotChoice = chooseMode(desired, baseline, entries, counts, options);
  const choice = live ? modeAgainstLive(snapshotChoice, desired, baseline, live, options) : snapshotChoice;
  const replaceLive = live && choice.mode === 'replace' ? live : null;
  const blocks = [
    ...(choice.refusal ? [choice.refusal] : []),
    ...guardBlocks({ desired, baseline, entries, mode: choice.mode, options, live: replaceLive }),
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
    // Only plans that know whether they saw the live menu say so (library callers may not).
    ...(live
      ? {
          drift: live.drift,
          live: { ...summarizeLive(live.menu), changes: liveChangesShown(replaceLive, baseline) },
        }
      : options.offline !== undefined
        ? { drift: [], live: null, offline: options.offline }
        : {}),
    ...(options.extractionNotes && options.extractionNotes.length > 0
      ? { notes: [...options.extractionNotes] }
      : {}),
    ...(options.source ? { source: options.source } : {}),
    ...productCategoriesOf(entries, desired, baseline),
  };
}

/**
 * The category name of every product the plan adds, changes or removes. One pass over each menu's
 * products, looking up only the changed ones: linear, and nothing at all for an unchanged night.
 */
function productCategoriesOf(
  entries: readonly PlanEntry[],
  desired: CanonicalMenu,
  baseline: CanonicalMenu | null,
): { productCategories?: Record<string, string> } {
  const changed = new Set<string>();
  for (const entry of entries) {
    if (entry.kind === 'product' && entry.action !== 'keep') changed.add(entry.ext_id);
  }
  if (changed.size === 0) return {};
  const found: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const menu of baseline ? [desired, baseline] : [desired]) {
    const names = new Map(menu.categories.map((category) => [category.ext_id, category.name]));
    for (const product of menu.products) {
      if (!changed.has(product.ext_id) || product.ext_id in found) continue;
      const name = product.category_ext_id === undefined ? undefined : names.get(product.category_ext_id);
      if (name !== undefined) found[product.ext_id] = name;
    }
  }
  return { productCategories: { ...found } };
}

/**
 * What a replace does to the live menu, listed when the live menu is not what the snapshot says
 * (drift) or there is no snapshot and the live menu is not empty: otherwise the plan's own
 * entries say it already (a first sync onto an empty menu, a replace of an unchanged one).
 */
function liveChangesShown(live: LiveContext | null, baseline: CanonicalMenu | null): LiveContext['changes'] {
  if (!live) return [];
  const needed = live.drift.length > 0 || (!baseline && live.menu.categories.length > 0);
  return needed ? live.changes : [];
}

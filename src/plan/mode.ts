import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { ImportPayload } from '../model/import-payload.js';
import { describeCounts, reorderTotal } from './counts.js';
import { guardNames } from './limit.js';
import { mergePayload, replacePayload } from './payload.js';
import type { GuardBlock, PlanCounts, PlanEntry, PlanMode, PlanOptions } from './types.js';
import { countOf } from '../plural.js';

export interface ModeChoice {
  mode: PlanMode;
  reason: string;
  payload: ImportPayload | null;
  /** Why the requested mode cannot do what the plan needs (blocks the plan), or null. */
  refusal: GuardBlock | null;
}

/** What the entries ask of the platform, beyond the counts. */
interface Needs {
  changed: boolean;
  removed: string;
  /** Fields that had a value and now have none: a merge may keep the old value. */
  cleared: PlanEntry[];
  /** Entities that moved in their array with no position field: a merge cannot reorder. */
  moved: PlanEntry[];
}

function needsOf(entries: readonly PlanEntry[], counts: PlanCounts): Needs {
  const cleared: PlanEntry[] = [];
  const moved: PlanEntry[] = [];
  for (const entry of entries) {
    if (!entry.changes) continue;
    if (entry.changes.some((c) => c.implicit)) moved.push(entry);
    if (entry.changes.some((c) => !c.implicit && c.new === null)) cleared.push(entry);
  }
  const changed = Object.values(counts).some((c) => c.add + c.update + c.remove + (c.reorder ?? 0) > 0);
  return { changed, removed: describeCounts(counts, 'remove'), cleared, moved };
}

/** `product P1`, `option P1/SIZE`: how reasons name an entity. */
export function entityLabel(entry: PlanEntry): string {
  return `${entry.kind.replace('_', ' ')} ${[...entry.parents, entry.ext_id].join('/')}`;
}

function examples(entries: readonly PlanEntry[]): string {
  const shown = entries.slice(0, 3).map(entityLabel).join(', ');
  return entries.length > 3 ? `${shown}, ...` : shown;
}

function changeSummary(counts: PlanCounts): string {
  const parts = [
    ['adds', describeCounts(counts, 'add')],
    ['updates', describeCounts(counts, 'update')],
    ['removes', describeCounts(counts, 'remove')],
    [
      'moves or renumbers',
      reorderTotal(counts) > 0 ? countOf(reorderTotal(counts), 'entity', 'entities') : '',
    ],
  ].filter(([, text]) => text !== '');
  return parts.length > 0 ? parts.map(([verb, text]) => `${verb} ${text}`).join('; ') : 'no changes';
}

/** Why a merge would not reach the desired menu (removals excluded), or ''. */
function mergeShortfall(needs: Needs): string {
  if (needs.cleared.length > 0) {
    return `it clears fields of ${countOf(needs.cleared.length, 'entity', 'entities')} (${examples(needs.cleared)}), which a merge may leave in place`;
  }
  if (needs.moved.length > 0) {
    return `it reorders ${countOf(needs.moved.length, 'entity', 'entities')} without position fields (${examples(needs.moved)}), which only a replace carries`;
  }
  return '';
}

export function chooseMode(
  desired: CanonicalMenu,
  baseline: CanonicalMenu | null,
  entries: readonly PlanEntry[],
  counts: PlanCounts,
  options: PlanOptions,
): ModeChoice {
  const requested = options.mode ?? 'auto';
  const needs = needsOf(entries, counts);
  const replace = (reason: string): ModeChoice => ({
    mode: 'replace',
    reason,
    payload: replacePayload(desired, options.posUid),
    refusal: null,
  });
  const noBaseline = `no baseline (${options.baselineNote ?? 'no snapshot of an earlier apply'})`;

  if (requested === 'replace') {
    const what = baseline ? changeSummary(counts) : noBaseline;
    return replace(`replace requested: the whole menu is sent (${what})`);
  }
  if (requested === 'merge') {
    if (!baseline) {
      return {
        mode: 'merge',
        reason: `merge requested with ${noBaseline}: the whole menu is sent and nothing is removed`,
        payload: { ...replacePayload(desired, options.posUid), update_mode: 'merge' },
        refusal: null,
      };
    }
    if (!needs.changed)
      return { mode: 'none', reason: 'no changes: nothing to merge', payload: null, refusal: null };
    const shortfall = mergeShortfall(needs);
    return {
      mode: 'merge',
      reason: `merge requested: ${changeSummary(counts)}${shortfall ? `; note: ${shortfall}` : ''}`,
      payload: mergePayload(desired, entries, options.posUid),
      refusal: needs.removed
        ? {
            guard: 'merge-cannot-remove',
            message: `a merge cannot remove: the desired menu drops ${needs.removed} (use ${guardNames(options).mode} replace or auto to remove them)`,
            numbers: { removed: Object.values(counts).reduce((sum, c) => sum + c.remove, 0) },
            allows: { setting: 'mode', value: 'replace' },
          }
        : null,
    };
  }

  if (!baseline) return replace(`${noBaseline}: a full replace sets the whole menu`);
  if (!needs.changed) return { mode: 'none', reason: 'no changes', payload: null, refusal: null };
  if (needs.removed) return replace(`removes ${needs.removed}: only a replace removes`);
  const shortfall = mergeShortfall(needs);
  if (shortfall) return replace(`${changeSummary(counts)}; ${shortfall}`);
  return {
    mode: 'merge',
    reason: `only additions and updates (${changeSummary(counts)}): a merge sends the changed entities`,
    payload: mergePayload(desired, entries, options.posUid),
    refusal: null,
  };
}

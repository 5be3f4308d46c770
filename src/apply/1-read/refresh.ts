import type { CanonicalMenu } from '../../model/canonical-menu.js';
import { countEntries } from '../../plan/counts.js';
import type { Plan } from '../../plan/types.js';
import { liveContext } from '../../plan/live/live-context.js';
import { liveFingerprint, liveMenuFrom, type LiveMenu } from '../../plan/live/live-menu.js';
import type { PlatformClient } from '../../platform/types.js';

/**
 * The refresh before a plan: the live menu as GET /menu/categories lists it, every page, hidden
 * categories included (visible=0), the same call as the read-back after an apply. A failure is
 * the call's own error (exit 1): planning blind instead is what `--offline` asks for.
 */
export async function readLiveMenu(client: PlatformClient): Promise<LiveMenu> {
  return liveMenuFrom(await client.listCategories({ visible: 0 }));
}

/**
 * Why a saved plan may not be applied to the live menu as it is now, or null. A plan made against
 * the live menu records its fingerprint; one made offline only knew the snapshot, so any drift
 * from that snapshot (or, with none, a live menu that is not empty) makes it stale.
 */
export function liveChangedSince(
  saved: { liveFingerprint?: string | null | undefined },
  snapshot: CanonicalMenu | null,
  live: LiveMenu,
  desired: CanonicalMenu,
): string | null {
  if (typeof saved.liveFingerprint === 'string') {
    return saved.liveFingerprint === liveFingerprint(live)
      ? null
      : 'the live menu changed since the plan was made (its fingerprint differs)';
  }
  if (!snapshot) {
    return live.categories.length > 0
      ? 'the plan was made offline with no snapshot, and the live menu is not empty: make it again against the live menu'
      : null;
  }
  const { drift } = liveContext(desired, snapshot, live);
  return drift.length > 0
    ? 'the plan was made offline, and the live menu changed outside menusync since its snapshot'
    : null;
}

/** The plan of a run that could not plan (its live menu could not be read): nothing to send, for its report. */
export function unplanned(reason: string): Plan {
  return {
    formatVersion: 1,
    mode: 'none',
    reason,
    blocked: null,
    blockedBy: [],
    counts: countEntries([]),
    entries: [],
    payload: null,
  };
}

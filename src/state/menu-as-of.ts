import { runIdTime } from './run-history.js';
import type { MenuSnapshot } from './snapshot.js';
import type { TargetStore } from './store.js';

/**
 * The menu the platform held at `time`, as far as the kept history tells: the one the newest
 * confirmed run started at or before `time` confirmed, or, when history does not reach back that
 * far, the oldest kept one. Null when that is the target's current menu (its newest confirmed run)
 * or no run confirmed one: the snapshot already says all there is. Works alike on every backend
 * (listRuns and confirmedSnapshot, which the store contract covers); one snapshot is read.
 */
export async function menuAsOf(store: TargetStore, time: Date): Promise<MenuSnapshot | null> {
  const confirmed = (await store.listRuns()).filter((run) => run.confirmed);
  if (confirmed.length < 2) return null;
  const cutoff = time.getTime();
  const atOrBefore = confirmed.filter((run) => Date.parse(runIdTime(run.id) ?? '') <= cutoff).at(-1);
  const chosen = atOrBefore ?? confirmed[0]!;
  if (chosen.id === confirmed.at(-1)!.id) return null;
  return store.confirmedSnapshot(chosen.id);
}

/** A run as pruning sees it: its id (ids sort by start time) and whether it is a rollback point. */
export interface PrunableRun {
  id: string;
  /** The run confirmed a menu (its snapshot is kept with it): a point a rollback can go back to. */
  point: boolean;
}

/** Rollback points always kept, whatever the limit: the current confirmed menu and the one before. */
const MIN_POINTS = 2;

/**
 * Which runs to remove so that at most `keep` stay (never `current`). Runs that confirmed a menu
 * are what a rollback needs, so they go last: the newest `keep` of them stay (at least the current
 * menu and the one before, even with a smaller limit), and runs that changed nothing (no change,
 * blocked, failed) fill what room is left, newest first. Thirty quiet nights therefore never
 * prune away the last rollback point, as counting every run alike did.
 */
export function runsToPrune(runs: readonly PrunableRun[], keep: number, current?: string): string[] {
  const newestFirst = [...runs].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const kept = new Set<string>();
  if (current !== undefined) kept.add(current);
  const points = newestFirst.filter((run) => run.point && run.id !== current);
  // The current run counts among the two points when it confirmed a menu itself.
  const currentIsPoint = runs.some((run) => run.id === current && run.point);
  const pointRoom = Math.max(MIN_POINTS - (currentIsPoint ? 1 : 0), keep - kept.size);
  for (const run of points.slice(0, pointRoom)) kept.add(run.id);
  for (const run of newestFirst) {
    if (kept.size >= keep) break;
    if (!run.point) kept.add(run.id);
  }
  return newestFirst
    .filter((run) => !kept.has(run.id))
    .map((run) => run.id)
    .sort();
}

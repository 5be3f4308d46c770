import type { CanonicalMenu } from '../../model/canonical-menu.js';
import type { LiveMenu } from '../../plan/live/live-menu.js';
import type { Plan, PlanFunction, PlanOptions } from '../../plan/types.js';
import type { PlatformClient } from '../../platform/types.js';
import { newRunId, type RunRecord } from '../../state/run-history.js';
import type { MenuSnapshot, TargetStatus } from '../../state/snapshot.js';
import type { TargetStore } from '../../state/store.js';
import type { ApplyRequest } from '../apply-request.js';
import { preparePlan } from '../2-plan/prepare-plan.js';
import { liveChangedSince, readLiveMenu, unplanned } from './refresh.js';
import { erosionOption } from './erosion-reference.js';
import { describeError } from '../6-record/run-errors.js';
import { checkSavedPlan } from './saved-plan.js';

/** What an apply reads before it plans: its run folder, the target's state and the live menu. */
export interface RunInputs {
  record: RunRecord;
  snapshot: MenuSnapshot | null;
  status: TargetStatus;
  /** Null when the run does not refresh, or the refresh failed (then `refreshError`). */
  live: LiveMenu | null;
  refreshError?: unknown;
  /** The erosion guard's menu of some days ago, when the run has the guard and history has one. */
  erosion: Pick<PlanOptions, 'erosionReference'>;
}

/**
 * Independent reads side by side, with the run's folder. The desired menu lets readSnapshot skip
 * parsing (and plan skip comparing) the products that did not change. The refresh (refresh.ts)
 * runs beside them; a live menu that cannot be read is kept as `refreshError`, for the run's report.
 */
export async function readRunInputs(
  state: TargetStore,
  desired: CanonicalMenu,
  client: PlatformClient,
  options: { refresh: boolean; startedAt: Date; erosionDays?: number },
): Promise<RunInputs> {
  const [record, snapshot, status, refreshed, erosion] = await Promise.all([
    state.createRun(newRunId(options.startedAt)),
    state.readSnapshot({ reuse: desired }),
    state.readStatus(),
    options.refresh
      ? readLiveMenu(client).then(
          (live) => ({ live }),
          (error: unknown) => ({ error }),
        )
      : null,
    erosionOption(state, options.erosionDays, options.startedAt),
    state.writeIdentity(),
  ]);
  if (refreshed && 'error' in refreshed) {
    return { record, snapshot, status, live: null, refreshError: refreshed.error, erosion };
  }
  return { record, snapshot, status, live: refreshed?.live ?? null, erosion };
}

/**
 * The run's plan: none when the live menu could not be read, a saved plan checked against the
 * snapshot and the live menu, or a fresh plan (offline when the run did not refresh).
 */
export function planRun(
  request: ApplyRequest,
  planMenu: PlanFunction,
  desired: CanonicalMenu,
  inputs: RunInputs,
): Plan {
  const { snapshot, status, live } = inputs;
  if (inputs.refreshError !== undefined) {
    const why = describeError(inputs.refreshError).message;
    return unplanned(`not planned: the live menu could not be read (${why})`);
  }
  if (request.savedPlan) {
    return checkSavedPlan(
      request.savedPlan,
      request.target,
      { baselineHash: snapshot?.hash ?? null, baselineUncertain: status.uncertain },
      live ? liveChangedSince(request.savedPlan, snapshot?.menu ?? null, live, desired) : null,
    );
  }
  return preparePlan(
    planMenu,
    desired,
    { snapshot, status },
    {
      ...request.planOptions,
      ...inputs.erosion,
      ...(live ? { live } : { offline: 'apply without a refresh' }),
    },
  );
}

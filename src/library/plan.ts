import { refreshForPlan } from '../apply/0-start/plan-refresh.js';
import { runPlanTarget } from '../apply/0-start/plan-target.js';
import { errorLine, exitCodeOf, type TargetRunResult } from '../apply/0-start/target-run-result.js';
import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { Plan } from '../plan/types.js';
import { checkCancelled } from '../errors.js';
import { withSecrets } from '../secrets.js';
import type { Target } from '../state/target.js';
import { withStore } from './open-state.js';
import type { PlanRunOptions } from './options.js';
import { reportedTargetOf, runSettingsOf, targetOf } from './run-settings-of.js';
import { silentOutput } from './silent-output.js';

export interface PlanResult extends TargetRunResult {
  target: Target;
  /** The plan (data: one entry per entity, the mode and why, the guards' verdict). */
  plan?: Plan;
  /** The desired menu, as extracted. */
  menu?: CanonicalMenu;
  /** Why the live menu was not read (offline asked, or no client secret); absent when it was. */
  offlineReason?: string;
}

/**
 * `menusync plan` as a function: extract, read the live menu (with the client secret; else
 * offline, and the result says why), plan against the target's snapshot, judge the guards. Never
 * throws: an error is the result's `error`, with the exit code the CLI would have given.
 */
export function plan(options: PlanRunOptions): Promise<PlanResult> {
  return withSecrets(async () => {
    const started = performance.now();
    try {
      return await planTarget(options, targetOf(options));
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      const target = reportedTargetOf(options);
      return { exit: exitCodeOf(error), target, error, errorText: errorLine(error), ms };
    }
  });
}

async function planTarget(options: PlanRunOptions, target: Target): Promise<PlanResult> {
  checkCancelled(options.signal);
  const out = options.reporter ?? silentOutput();
  const settings = await runSettingsOf(options);
  return withStore(options.state, { reporter: out }, async (store) => {
    const refresh = await refreshForPlan(
      { offline: options.offline === true },
      settings,
      target,
      out,
      options.signal,
    );
    const { offline, ...result } = await runPlanTarget(
      settings,
      {},
      { store, out, known: target, refresh, signal: options.signal },
    );
    return {
      ...result,
      target,
      ...(offline ? { plan: offline.plan } : {}),
      ...('offline' in refresh ? { offlineReason: refresh.offline } : {}),
    };
  });
}

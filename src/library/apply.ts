import { requireYesForRemovals } from '../apply/3-confirm/confirm-removals.js';
import type { ApplyOutcome } from '../apply/apply-run.js';
import { runApplyTarget, type ApplyTargetArgs } from '../apply/0-start/apply-target.js';
import { errorLine, exitCodeOf, type TargetRunResult } from '../apply/0-start/target-run-result.js';
import { UsageError } from '../errors.js';
import { withSecrets } from '../secrets.js';
import type { Checkpoint } from '../state/checkpoint.js';
import type { Target } from '../state/target.js';
import { withStore } from './open-state.js';
import type { ApplyRunOptions } from './options.js';
import { reportedTargetOf, runSettingsOf, targetOf } from './run-settings-of.js';
import { silentOutput } from './silent-output.js';

export interface ApplyResult extends TargetRunResult {
  target: Target;
  /** The run: its plan, what was sent, the read-back, its report and report files. */
  outcome?: ApplyOutcome;
}

/**
 * `menusync apply` as a function, with the same steps and guards: lock the target, extract (or
 * read the saved plan), read the live menu, plan, judge the guards, confirm, send, move the
 * snapshot only once the platform confirmed, read back, write the run's report in the state.
 * Never throws: an error is the result's `error` (a blocked, cancelled or failed run still has
 * its `outcome` and report), with the exit code the CLI would have given.
 */
export function apply(options: ApplyRunOptions): Promise<ApplyResult> {
  return applyWithHooks(options, {});
}

/** Hooks no caller needs in normal use: the crash-safety tests stop a run at a checkpoint. */
export interface ApplyHooks {
  /** Awaited at the run's crash checkpoints (state/checkpoint.ts). */
  checkpoint?: Checkpoint;
}

/** `apply` with test hooks: reached through 'menusync/internal' only (internal.ts). */
export function applyWithHooks(options: ApplyRunOptions, hooks: ApplyHooks): Promise<ApplyResult> {
  return withSecrets(async () => {
    let target: Target;
    try {
      target = targetOf(options);
    } catch (error) {
      const refused = { exit: exitCodeOf(error), error, errorText: errorLine(error), ms: 0 };
      return { ...refused, target: reportedTargetOf(options) };
    }
    if (!options.target.clientSecret) {
      const error = new UsageError('apply needs target.clientSecret to sign in to the platform');
      return { exit: exitCodeOf(error), target, error, errorText: errorLine(error), ms: 0 };
    }
    const out = options.reporter ?? silentOutput();
    const checkpoint = hooks.checkpoint ? { checkpoint: hooks.checkpoint } : {};
    const args: ApplyTargetArgs = options.savedPlan !== undefined ? { savedPlan: options.savedPlan } : {};
    const sizes = {
      ...(options.maxPayloadBytes !== undefined ? { maxPayloadBytes: options.maxPayloadBytes } : {}),
      ...(options.keepRuns !== undefined ? { keepRuns: options.keepRuns } : {}),
    };
    const result = await withStore(options.state, { reporter: out, ...checkpoint }, async (store) =>
      runApplyTarget(await runSettingsOf(options, sizes), args, {
        store,
        out,
        confirm: async (plan) => {
          if (options.confirm) return options.confirm(plan);
          requireYesForRemovals(plan, options.allowRemovals === true);
          return true;
        },
        ...checkpoint,
        signal: options.signal,
      }),
    ).catch((error: unknown) => ({ exit: exitCodeOf(error), error, errorText: errorLine(error), ms: 0 }));
    return { ...result, target };
  });
}

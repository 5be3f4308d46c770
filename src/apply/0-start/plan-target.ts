import type { Output } from '../../output.js';
import type { RunSettings } from '../../config/settings/types.js';
import { checkCancelled, ExitCode, inCallersWords } from '../../errors.js';
import type { CanonicalMenu } from '../../model/canonical-menu.js';
import type { LiveMenu } from '../../plan/live/live-menu.js';
import { plan } from '../../plan/index.js';
import type { ProgressSink } from '../../progress.js';
import type { StateStore } from '../../state/store.js';
import type { Target } from '../../state/target.js';
import { extractDesired } from './desired-menu.js';
import { planOffline, type OfflinePlan } from '../2-plan/plan-offline.js';
import { resolvePlanTarget } from './resolve-plan-target.js';
import { planReport } from '../6-record/run-report.js';
import { errorLine, exitCodeOf, type TargetRunResult } from './target-run-result.js';

/** What a plan is asked beyond its settings. */
export interface PlanTargetArgs {
  /** Exit 10 when the plan changes anything (the CLI's --detailed-exitcode). */
  detailedExitCode?: boolean;
}

export interface PlanTargetIo {
  /** Where the target's state is kept (openStateStore); several targets may share one. */
  store: StateStore;
  out: Output;
  progress?: ProgressSink;
  /** Ends the progress line once the extract is through (the plan itself is quick). */
  extracted?: () => void;
  /** The target, when the caller resolved it already (the plan command checks --out-plan with it). */
  known?: Target | null;
  /** The live menu to plan against, or why it was not read (cli/plan-refresh.ts); absent: not said. */
  refresh?: { live: LiveMenu } | { offline: string };
  /** Cancels the plan: checked before the extract and before planning. */
  signal?: AbortSignal | undefined;
}

export interface PlanTargetResult extends TargetRunResult {
  target: Target | null;
  menu?: CanonicalMenu;
  offline?: OfflinePlan;
}

/**
 * One target's offline plan: which target it compares with, extract, plan against the target's
 * snapshot. Never throws: an error becomes the result (exit code by class). The exit code is the
 * plan command's: 3 blocked, 10 with changes under --detailed-exitcode, else 0.
 */
export async function runPlanTarget(
  settings: RunSettings,
  args: PlanTargetArgs,
  io: PlanTargetIo,
): Promise<PlanTargetResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let target: Target | null = null;
  try {
    checkCancelled(io.signal);
    target = io.known !== undefined ? io.known : await resolvePlanTarget(settings, io.store, io.out);
    const { menu, errors, firstError, notes, source } = await extractDesired(
      settings,
      io.out,
      io.progress,
    ).finally(io.extracted);
    checkCancelled(io.signal);
    const offline = await planOffline(plan, menu, target, io.store, {
      posUid: settings.posUid,
      mode: settings.mode,
      extractionErrors: errors,
      ...(firstError ? { firstExtractionError: firstError } : {}),
      ...(notes ? { extractionNotes: notes } : {}),
      ...(source ? { source } : {}),
      ...settings.guards,
      names: settings.names,
      ...io.refresh,
    });
    const report = planReport(
      offline.plan,
      {
        ...(target ?? {}),
        ...(settings.targetName ? { name: settings.targetName } : {}),
        posUid: settings.posUid,
      },
      // A plan sent to a manager says when it was made.
      new Date().toISOString(),
    );
    const exit = offline.plan.blocked
      ? ExitCode.blocked
      : args.detailedExitCode && offline.plan.mode !== 'none'
        ? ExitCode.changes
        : ExitCode.ok;
    return { exit, target, menu, offline, report, ms: ms() };
  } catch (failure) {
    // An error made where the caller was not known (a state write) names the settings as it does.
    const error = inCallersWords(failure, settings.names);
    return { exit: exitCodeOf(error), target, error, errorText: errorLine(error), ms: ms() };
  }
}

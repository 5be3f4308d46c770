import { applyRun, type ApplyOutcome } from '../../apply/apply-run.js';
import { CONFIG_FILE } from '../../config/load-config.js';
import { platformOptions } from '../../config/settings/platform-options.js';
import type { ApplyConnectionArgs } from '../connection-options.js';
import { FLAG_NAMES, resolveRunSettings } from '../setting-flags.js';
import type { RunArgs } from '../run-args.js';
import { ExitCode, UsageError } from '../../errors.js';
import { resolveRollbackPoint, type RollbackSelector } from '../../history/rollback-point.js';
import { planRollbackPreview, rollbackPlanner } from '../../history/rollback-plan.js';
import type { StateTargetArgs } from '../state-target-flags.js';
import { resolveStoredTarget } from '../../history/stored-target.js';
import { plan as planMenu } from '../../plan/index.js';
import { createPlatformClient } from '../../platform/index.js';
import { openStateStore } from '../../state/open-store.js';
import { checkOutputPaths } from '../output-paths.js';
import { createOutput } from '../output.js';
import { retryNotice } from '../../apply/0-start/retry-notice.js';
import { refreshForPlan } from '../../apply/0-start/plan-refresh.js';
import { stopOnSignal } from '../stop-on-signal.js';
import { reportOutputs } from '../run-paths.js';
import { countOf } from '../../plural.js';
import { askRollback, presentRollback, showRollbackPlan } from '../rollback-present.js';
import { checkNumber, NUMBER_RANGES } from '../../config/number-ranges.js';

/** How the rollback's messages name this command and its flags (history/rollback-point.ts). */
export const ROLLBACK_NAMES = { command: 'menusync rollback', to: '--to', keepRuns: FLAG_NAMES.keepRuns };

export type RollbackArgs = StateTargetArgs &
  ApplyConnectionArgs &
  Pick<
    RunArgs,
    | 'allow-deletes'
    | 'allow-hiding'
    | 'allow-price-changes'
    | 'allow-empty'
    | 'protect'
    | 'out-json'
    | 'out-md'
    | 'out-html'
    | 'quiet'
  > & {
    to?: string;
    steps?: number;
    yes?: boolean;
    'dry-run'?: boolean;
    debug?: boolean;
    'keep-runs'?: number;
    'max-payload-bytes'?: number;
  };

/** The rollback: planned, guarded, confirmed, sent and recorded. */
export async function runRollback(args: RollbackArgs): Promise<void> {
  const out = createOutput({ quiet: args.quiet === true, debug: args.debug === true });
  const selector = rollbackSelector(args);
  if (args.yes && args['dry-run']) throw new UsageError('--yes applies and --dry-run does not: pass one');
  const settings = await resolveRunSettings(args, process.cwd(), { soleTarget: true });
  const { keepRuns, maxPayloadBytes } = settings;
  await checkOutputPaths(reportOutputs(args), {
    inputs: [
      { option: 'the config file', file: args.config ?? CONFIG_FILE },
      ...(args['client-secret-file']
        ? [{ option: '--client-secret-file', file: args['client-secret-file'] }]
        : []),
    ],
    stateDir: settings.stateDir,
  });
  const store = await openStateStore(settings.stateDir);
  try {
    const target = await resolveStoredTarget(settings, store, out);
    const targetStore = store.target(target);
    const point = await resolveRollbackPoint(targetStore, selector, keepRuns, ROLLBACK_NAMES);
    const snapshot = await targetStore.confirmedSnapshot(point.id);
    // Listed a moment ago: pruned since by another run.
    if (!snapshot) throw new UsageError(`run ${point.id} is no longer kept (keep_runs ${keepRuns})`);
    const origin = { runId: point.id, appliedAt: snapshot.appliedAt };
    out.info(
      `rollback: to the menu run ${point.id} confirmed at ${snapshot.appliedAt} (${countOf(snapshot.menu.products.length, 'product')})`,
    );
    const planner = rollbackPlanner(planMenu, origin);
    const planOptions = {
      posUid: target.posUid,
      mode: 'replace' as const,
      ...settings.guards,
      names: settings.names,
    };
    const apply = args.yes === true || (args['dry-run'] !== true && process.stdin.isTTY === true);
    if (!apply) {
      // Read as the run reads it: the preview shows what the rollback does to the live menu.
      const refresh = await refreshForPlan({}, settings, target, out);
      const plan = await planRollbackPreview(targetStore, planner, snapshot.menu, planOptions, refresh);
      process.exitCode = await showRollbackPlan(plan, target, args, out);
      return;
    }
    const connection = platformOptions(
      { ...settings.connection, baseUrl: target.baseUrl, clientId: target.clientId },
      settings.names,
    );
    let shown = false;
    let finished: ApplyOutcome | undefined;
    const stopWatching = stopOnSignal('rollback', out);
    const outcome = await applyRun(
      {
        target,
        store,
        desired: snapshot.menu,
        planOptions,
        maxPayloadBytes,
        keepRuns,
      },
      {
        plan: planner,
        client: createPlatformClient({ ...connection, log: (m) => out.debug(m), notice: retryNotice(out) }),
        confirm: async (plan) => {
          if (args.yes) return true;
          shown = !args.json && !args.quiet;
          return askRollback(plan, target, out, shown);
        },
        onFinish: (ended) => (finished = ended),
      },
    )
      .catch(async (error: unknown) => {
        // A blocked, cancelled or failed rollback has its report too; the error decides the exit code.
        if (finished)
          await presentRollback(finished, args, out, shown).catch((reportError: unknown) =>
            out.error(`error: ${(reportError as Error).message}`),
          );
        throw error;
      })
      .finally(stopWatching);
    await presentRollback(outcome, args, out, shown);
    const report = outcome.report;
    if (report.applied) out.warn(reapplyWarning(settings.targetName));
    process.exitCode = report.errors.length > 0 || report.verified === false ? ExitCode.failure : ExitCode.ok;
  } finally {
    await store.close();
  }
}

/**
 * A rollback undoes an export's change on the platform, not the export: the next scheduled apply
 * reads the same export and sends it again. Said after every applied rollback, with how to pause.
 */
export function reapplyWarning(targetName: string | undefined): string {
  const target = targetName ? `target "${targetName}"` : 'the target';
  return (
    `note: the next scheduled apply of ${target} reads the same export and would apply it again, undoing this rollback. ` +
    `Fix the export first, or pause ${target} with "enabled: false" in the config (a paused target is skipped and listed as paused).`
  );
}

function rollbackSelector(args: RollbackArgs): RollbackSelector {
  if (args.to !== undefined && args.steps !== undefined)
    throw new UsageError('pass --to RUN_ID or --steps N, not both');
  if (args.to !== undefined) {
    if (args.to.trim() === '') throw new UsageError('--to needs a run id (see menusync history)');
    return { to: args.to.trim() };
  }
  if (args.steps !== undefined) {
    return { steps: checkNumber('--steps', args.steps, NUMBER_RANGES.rollbackSteps) };
  }
  throw new UsageError('which menu? pass --to RUN_ID or --steps N (see menusync history)');
}

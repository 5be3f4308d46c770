import { runApplyTarget, type ApplyTargetResult } from '../apply/0-start/apply-target.js';
import { extractDesired } from '../apply/0-start/desired-menu.js';
import { errorLine } from '../apply/0-start/target-run-result.js';
import { APPROVAL_PLAN_FILE, parseApprovalPlan } from '../apply/1-read/approval-plan.js';
import type { RunSettings } from '../config/settings/types.js';
import { ExitCode } from '../errors.js';
import type { Output } from '../output.js';
import { hashMenu } from '../plan/canonical-json.js';
import type { StateStore, TargetStore } from '../state/store.js';
import type { RunDecision } from './run-decision.js';

/** How applying an approval ended, as the decision record keeps it. */
export type ApprovalEnding = Pick<RunDecision, 'state' | 'appliedRun' | 'reason'>;

export interface ApprovalRun {
  ending: ApprovalEnding;
  /** The run that applied the plan, or refused it as stale; null when none started (the export changed). */
  result: ApplyTargetResult | null;
  /** The exit code an `apply --plan` of the kept plan would have had. */
  exit: ExitCode;
}

export interface ApprovalIo {
  store: StateStore;
  out: Output;
  /**
   * Asked under the target's lock, once the plan is known to still hold and just before it is sent:
   * false sends nothing (the run ends cancelled). The workers claim the decision here, so a job run
   * twice (a retry after a crash) never sends the plan twice.
   */
  claim?: () => Promise<boolean>;
}

/**
 * Applies a blocked run's kept plan through `apply --plan`'s own path (runApplyTarget): it refuses a
 * plan whose snapshot or live menu changed since (guard saved-plan-stale). The export is checked
 * here: a plan made from an export that has changed since would undo what the new export says.
 * Used by the console (no workers) and by the workers' approval job alike. Never throws.
 */
export async function applyApprovedPlan(
  settings: RunSettings,
  target: TargetStore,
  runId: string,
  io: ApprovalIo,
): Promise<ApprovalRun> {
  const saved = parseApprovalPlan(await target.readRunFile(runId, APPROVAL_PLAN_FILE).catch(() => null));
  // Checked as `apply --plan` checks a plan file: its menu must be the one its hash names.
  if (!saved || hashMenu(saved.desired) !== saved.desiredHash)
    return ended('failed', 'the kept plan does not read', ExitCode.invalid);
  try {
    const now = await extractDesired(settings, io.out);
    if (now.errors > 0 || hashMenu(now.menu) !== saved.desiredHash)
      return ended('void', 'the export changed since the run was blocked', ExitCode.blocked);
    // Passed as data, not through a file: a worker killed mid-run leaves nothing behind.
    const result = await runApplyTarget(
      settings,
      { keptPlan: saved },
      { store: io.store, out: io.out, confirm: io.claim ?? (async () => true) },
    );
    return { ending: endingOf(result), result, exit: result.exit };
  } catch (error) {
    return ended('failed', errorLine(error), ExitCode.failure);
  }
}

function ended(state: 'void' | 'failed', reason: string, exit: ExitCode): ApprovalRun {
  return { ending: { state, appliedRun: null, reason }, result: null, exit };
}

function endingOf(result: ApplyTargetResult): ApprovalEnding {
  const outcome = result.outcome?.report.outcome;
  const appliedRun = result.runId ?? null;
  if (outcome === 'blocked')
    return { state: 'void', appliedRun, reason: stale(result.outcome!.report.errors) };
  if (result.exit === 0 && (outcome === 'applied' || outcome === 'none'))
    return { state: 'applied', appliedRun, reason: null };
  const reason =
    result.errorText ?? (result.error !== undefined ? errorLine(result.error) : `the run ended ${outcome}`);
  return { state: 'failed', appliedRun, reason };
}

/** Why the platform side changed, as the refused run's report words it. */
function stale(errors: readonly string[]): string {
  return (errors[0] ?? 'the target changed since the run').replace(/^blocked: /, '');
}

import { cancelledError, GuardBlockedError, RunCancelledError } from '../../errors.js';
import type { GuardNames } from '../../model/setting-names.js';
import type { Plan } from '../../plan/types.js';
import { ApplyCancelledError, type ApplyOutcome } from '../apply-request.js';
import { describeError, runError } from '../6-record/run-errors.js';
import type { RunFinish } from '../6-record/run-finish.js';
import { blockedHint } from '../6-record/run-outcome.js';
import type { RunInputs } from '../1-read/run-inputs.js';

/**
 * The ways an apply ends before anything is sent, each with its report: the live menu could not
 * be read, a guard blocked the plan, or there is nothing to send. Returns the outcome of a run
 * with nothing to send, throws the error of a failed or blocked one, and undefined when the plan
 * is to be sent.
 */
export async function endBeforeSending(
  inputs: RunInputs,
  plan: Plan,
  finish: RunFinish['finish'],
  names?: GuardNames,
): Promise<ApplyOutcome | undefined> {
  if (inputs.refreshError !== undefined) {
    const cancelled = inputs.refreshError instanceof RunCancelledError;
    await finish({
      outcome: cancelled ? 'cancelled' : 'failed',
      errors: [describeError(inputs.refreshError)],
    });
    throw inputs.refreshError;
  }
  if (plan.blocked) {
    const message = `blocked: ${plan.blocked}`;
    await finish({ outcome: 'blocked', errors: [runError('blocked', message)] });
    throw new GuardBlockedError(message, { hint: blockedHint(plan, names) });
  }
  if (plan.mode === 'none' || !plan.payload) return await finish({ outcome: 'none' });
  return undefined;
}

/**
 * Between two stages of a run: once `signal` is aborted the run ends `cancelled` with its report
 * (nothing more is sent) and throws RunCancelledError.
 */
export async function endIfCancelled(
  signal: AbortSignal | undefined,
  finish: RunFinish['finish'],
): Promise<void> {
  if (!signal?.aborted) return;
  const error = cancelledError(signal);
  await finish({ outcome: 'cancelled', errors: [describeError(error)] });
  throw error;
}

/** Asks for the confirmation; a refusal or a failure to ask ends the run, cancelled, with its report. */
export async function confirmOrCancel(
  plan: Plan,
  confirm: (plan: Plan) => Promise<boolean>,
  finish: RunFinish['finish'],
): Promise<void> {
  let confirmed: boolean;
  try {
    confirmed = await confirm(plan);
  } catch (error) {
    await finish({ outcome: 'cancelled', errors: [describeError(error)] });
    throw error;
  }
  if (!confirmed) {
    await finish({
      outcome: 'cancelled',
      errors: [runError('cancelled', 'cancelled at the confirmation: nothing was sent')],
    });
    throw new ApplyCancelledError('apply cancelled: nothing was sent');
  }
}

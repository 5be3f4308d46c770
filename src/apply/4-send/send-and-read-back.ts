import type { CanonicalMenu } from '../../model/canonical-menu.js';
import type { Plan } from '../../plan/types.js';
import type { RunError } from '../../report/outcome.js';
import type { Verification } from '../../report/types.js';
import { RunCancelledError } from '../../errors.js';
import { StateWriteError } from '../../state/state-write-error.js';
import type { TargetStore } from '../../state/store.js';
import type { ApplyDeps, ApplyOutcome, ApplyRequest } from '../apply-request.js';
import { describeError, runError } from '../6-record/run-errors.js';
import type { RunFinish } from '../6-record/run-finish.js';
import type { RunInputs } from '../1-read/run-inputs.js';
import { sendFailureOutcome } from '../6-record/run-outcome.js';
import { markDrift, sendPlan, type SendProgress } from './send-plan.js';
import { verifyReadBack } from '../5-verify/verify.js';

/** A confirmed send, and what reading the menu back found. */
export interface SentRun {
  progress: SendProgress;
  verification: Verification | null;
  errors: RunError[];
}

/**
 * Sends the plan (send-plan.ts) and reads the menu back while the snapshot is put in place. A
 * send that fails ends the run with its report (failed or uncertain) and throws the send's error.
 */
export async function sendAndReadBack(context: {
  state: TargetStore;
  inputs: RunInputs;
  plan: Plan;
  desired: CanonicalMenu;
  request: ApplyRequest;
  deps: ApplyDeps;
  now: () => Date;
  run: RunFinish;
}): Promise<SentRun> {
  const { deps, request } = context;
  const progress: SendProgress = { attempts: 0, responses: [] };
  const checked: SentRun = { progress, verification: null, errors: [] };
  // The read-back does not depend on the snapshot: it runs while the snapshot is put in place.
  const readBack = async (): Promise<void> => {
    try {
      checked.verification = verifyReadBack(
        context.desired,
        await deps.client.listCategories({ visible: 0 }),
      );
    } catch (error) {
      checked.errors.push(runError('read-back-failed', `read-back failed: ${describeError(error).message}`));
    }
  };
  try {
    await sendPlan({
      state: context.state,
      record: context.inputs.record,
      plan: context.plan,
      desired: context.desired,
      status: context.inputs.status,
      maxPayloadBytes: request.maxPayloadBytes,
      ...(request.maxPayloadName !== undefined ? { maxPayloadName: request.maxPayloadName } : {}),
      client: deps.client,
      ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
      now: context.now,
      progress,
      whileSending: context.run.writePlanJson,
      ...(request.verify !== false ? { whileCommitting: readBack } : {}),
    });
  } catch (error) {
    // The send's failure is the one to report, even when its report cannot be written too.
    await context.run
      .finish({
        outcome: error instanceof RunCancelledError ? 'cancelled' : sendFailureOutcome(progress),
        errors: [describeError(error)],
        send: progress,
      })
      .catch((reportError: unknown) => {
        if (!(reportError instanceof StateWriteError)) throw reportError;
      });
    throw error;
  }
  return checked;
}

/**
 * The report of a confirmed send. A read-back that differs leaves the target uncertain (the next
 * apply replaces), as the run says.
 */
export async function finishSent(
  state: TargetStore,
  sent: SentRun,
  context: { runId: string; now: () => Date; run: RunFinish },
): Promise<ApplyOutcome> {
  const { verification, errors, progress } = sent;
  const drift = verification?.status === 'drift';
  if (drift) await markDrift(state, context.runId, context.now());
  return await context.run.finish({
    outcome: drift ? 'uncertain' : 'applied',
    applied: true,
    send: progress,
    verification,
    errors,
  });
}

import type { CanonicalMenu } from '../../model/canonical-menu.js';
import type { Plan } from '../../plan/types.js';
import type { PlatformClient } from '../../platform/types.js';
import type { RunRecord } from '../../state/run-history.js';
import { duringImport } from '../../state/state-write-error.js';
import { prepareSnapshotMenu, type TargetStatus } from '../../state/snapshot.js';
import type { TargetStore } from '../../state/store.js';
import type { Checkpoint } from '../../state/checkpoint.js';
import { bodyOut, sendBody, type SendBody } from './send-body.js';
import { recordSendFailure } from './send-failure.js';
import type { SendProgress } from './send-progress.js';
import { snapshotStaging, type SnapshotStaging } from './snapshot-staging.js';

export type { RequestOutcome, SendProgress } from './send-progress.js';

export interface SendInput {
  /** The target's state, locked by the caller. */
  state: TargetStore;
  record: RunRecord;
  plan: Plan;
  desired: CanonicalMenu;
  status: TargetStatus;
  maxPayloadBytes: number;
  /** How the caller names maxPayloadBytes in messages; default the library's option name. */
  maxPayloadName?: string;
  client: PlatformClient;
  now: () => Date;
  progress: SendProgress;
  /** Work for the wait on the (last) import request, e.g. writing run history; awaited before its answer. */
  whileSending?: () => Promise<unknown>;
  /**
   * Work once every request is confirmed, done while the snapshot and status are put in place
   * (e.g. the read-back, which does not depend on them). Must not reject: a failure of this work
   * is the caller's to record. Awaited before sendPlan resolves.
   */
  whileCommitting?: () => Promise<unknown>;
  /** Awaited once the target is marked uncertain, before the first byte leaves (a crash checkpoint). */
  checkpoint?: Checkpoint;
}

/**
 * Sends the plan's payload (split when a merge is too large) and moves the snapshot forward only
 * after every request was confirmed. Before the first byte leaves, status.json says "uncertain":
 * a process killed mid-request (even by SIGKILL) thus leaves a target the next run resyncs with a
 * replace. A failure we KNOW changed nothing puts the previous status back.
 */
export async function sendPlan(input: SendInput): Promise<void> {
  const { record, client, progress } = input;
  const payload = input.plan.payload;
  if (!payload) return;
  const body = sendBody(payload, input.desired, input.maxPayloadBytes, input.maxPayloadName);
  await markSending(input);
  const staging = snapshotStaging(input.state, {
    runId: record.id,
    payload,
    desired: input.desired,
    now: input.now,
  });
  // The caller's work during the wait failed (run history, say ENOSPC): the import is still awaited
  // (never left in flight under a released lock), then the run fails with the target still marked
  // uncertain, so the next run resends the whole menu.
  let waitFailure: { error: unknown } | undefined;
  const requests = body.chunks.length;
  for (const [index, chunk] of body.chunks.entries()) {
    const bytes = body.bytesOf(chunk);
    const last = index === requests - 1;
    let bodySent = (): void => undefined;
    const sent = new Promise<void>((resolve) => (bodySent = resolve));
    const sending = client.importMenu(chunk, last ? { onBodySent: () => bodySent() } : {});
    if (last) {
      await bodyOut(sent, sending);
      waitFailure = await useTheWait(input, body, staging);
    }
    try {
      const result = await sending;
      progress.attempts += result.attempts;
      progress.responses.push({ request: index + 1, bytes, success: true, attempts: result.attempts });
    } catch (error) {
      // Not wanted: the platform did not confirm this menu.
      await staging.discard();
      throw await recordSendFailure(error, { index, requests, bytes }, input);
    }
  }
  if (waitFailure) {
    await staging.discard();
    throw duringImport(waitFailure.error, 'applied-not-recorded');
  }
  // Every request confirmed: the snapshot moves forward (staged during the last request's wait),
  // then the status (the store's commit: a crash between the two leaves "uncertain"). The renames
  // and directory syncs wait on the disk, the caller's work (a read-back) on the platform: side by
  // side rather than one after the other.
  const [committed] = await Promise.allSettled([staging.commit(), input.whileCommitting?.()]);
  if (committed.status === 'rejected') throw committed.reason;
  // response.json of a success is written by the caller with the run's report.
}

/**
 * Only this before the first byte leaves (payload.json is history: written during the wait).
 * Failing it (disk full, read-only) stops the run before anything is sent.
 */
async function markSending(input: SendInput): Promise<void> {
  const runId = input.record.id;
  await input.state
    .writeStatus({
      uncertain: true,
      reason: `run ${runId} started sending and did not record the outcome`,
      since: input.now().toISOString(),
      runId,
    })
    .catch((error: unknown) => {
      throw duringImport(error, 'not-sent');
    });
  await input.checkpoint?.('before-send');
}

/**
 * The platform takes a while to store a big import, and this process only waits: write and sync
 * the new snapshot under a temp name meanwhile (put in place only once the platform confirmed: a
 * rename), and do the caller's work. Called once the last body is out: CPU work before that stalls
 * the upload. Returns the caller's work's failure, if any.
 */
async function useTheWait(
  input: SendInput,
  body: SendBody,
  staging: SnapshotStaging,
): Promise<{ error: unknown } | undefined> {
  staging.stage(prepareSnapshotMenu(input.desired, body.lines));
  try {
    await input.record.write(
      'payload.json',
      body.whole ? [body.whole, '\n'] : `${JSON.stringify(body.chunks)}\n`,
    );
    await input.whileSending?.();
    return undefined;
  } catch (error) {
    return { error };
  }
}

/** After a confirmed apply whose read-back differs: the next run resyncs with a full replace. */
export async function markDrift(state: TargetStore, runId: string, now: Date): Promise<void> {
  await state.writeStatus({
    uncertain: true,
    reason: `run ${runId}: the read-back differed from the menu sent`,
    since: now.toISOString(),
    runId,
  });
}

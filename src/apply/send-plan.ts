import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { Plan } from '../plan/types.js';
import { rememberSerializedPayload } from '../platform/client.js';
import { PlatformError } from '../platform/errors.js';
import type { PlatformClient } from '../platform/types.js';
import type { RunRecord } from '../state/run-history.js';
import { duringImport } from '../state/state-write-error.js';
import { prepareSnapshotMenu, type PreparedSnapshotMenu, type TargetStatus } from '../state/snapshot.js';
import type { StagedConfirmation, TargetStore } from '../state/store.js';
import type { Checkpoint } from '../state/checkpoint.js';
import { payloadJson } from './payload-json.js';
import { payloadBytes, splitPayload } from './split-payload.js';
import { countOf } from '../plural.js';

export interface RequestOutcome {
  request: number;
  bytes: number;
  success: boolean;
  attempts: number;
  error?: { message: string; code?: string; status?: number; outcomeUnknown: boolean };
}

/** Filled in as requests go out, so a failed run still reports what was sent. */
export interface SendProgress {
  attempts: number;
  responses: RequestOutcome[];
}

export interface SendInput {
  /** The target's state, locked by the caller. */
  state: TargetStore;
  record: RunRecord;
  plan: Plan;
  desired: CanonicalMenu;
  status: TargetStatus;
  maxPayloadBytes: number;
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
  const { state, record, plan, client, progress } = input;
  const payload = plan.payload;
  if (!payload) return;
  // Serialized once, and encoded once when it goes whole: its size decides the split, and the same
  // bytes are payload.json and the request body (importMenu reuses them instead of stringifying).
  // A replace's body is made of the snapshot's product lines (payload-json.ts).
  const { text, lines } = payloadJson(payload, input.desired);
  const size = Buffer.byteLength(text, 'utf8');
  const chunks = splitPayload(payload, input.maxPayloadBytes, size);
  const whole =
    chunks.length === 1 ? rememberSerializedPayload(payload, Buffer.from(text, 'utf8')) : undefined;
  // Only this before the first byte leaves (payload.json is history: written during the wait).
  // Failing it (disk full, read-only) stops the run before anything is sent.
  await state
    .writeStatus({
      uncertain: true,
      reason: `run ${record.id} started sending and did not record the outcome`,
      since: input.now().toISOString(),
      runId: record.id,
    })
    .catch((error: unknown) => {
      throw duringImport(error, 'not-sent');
    });
  await input.checkpoint?.('before-send');
  const writeHistory = async (): Promise<void> => {
    await record.write('payload.json', whole ? [whole, '\n'] : `${JSON.stringify(chunks)}\n`);
    await input.whileSending?.();
  };
  // The snapshot and the status a confirmed apply leaves, staged together.
  const stage = (prepared?: PreparedSnapshotMenu): Promise<StagedConfirmation> =>
    state.stageConfirmed({
      snapshot: {
        formatVersion: 2,
        // When the import went out: the snapshot is staged while the platform handles it.
        appliedAt: input.now().toISOString(),
        mode: payload.update_mode,
        runId: record.id,
        menu: input.desired,
      },
      ...(prepared ? { prepared } : {}),
      status: { uncertain: false },
    });
  let staging: Promise<StagedConfirmation> | undefined;
  const discardStaged = async (): Promise<void> => {
    await staging?.then((staged) => staged.discard()).catch(() => undefined);
  };
  // The caller's work during the wait failed (run history, say ENOSPC): the import is still awaited
  // (never left in flight under a released lock), then the run fails with the target still marked
  // uncertain, so the next run resends the whole menu.
  let waitFailure: { error: unknown } | undefined;
  for (const [index, chunk] of chunks.entries()) {
    const bytes = whole ? size : payloadBytes(chunk);
    const last = index === chunks.length - 1;
    let bodySent = (): void => undefined;
    const sent = new Promise<void>((resolve) => (bodySent = resolve));
    const sending = client.importMenu(chunk, last ? { onBodySent: () => bodySent() } : {});
    // The platform takes a while to store a big import, and this process only waits: write and
    // sync the new snapshot under a temp name meanwhile (put in place only once the platform
    // confirmed: a rename), and do the caller's work. Only once the body is out: CPU work before
    // that stalls the upload.
    if (last) {
      await bodyOut(sent, sending);
      staging = stage(prepareSnapshotMenu(input.desired, lines));
      staging.catch(() => undefined);
      await writeHistory().catch((error: unknown) => (waitFailure = { error }));
    }
    try {
      const result = await sending;
      progress.attempts += result.attempts;
      progress.responses.push({ request: index + 1, bytes, success: true, attempts: result.attempts });
    } catch (error) {
      const failure = error instanceof PlatformError ? error : undefined;
      progress.attempts += failure?.attempts ?? 1;
      const outcomeUnknown = failure?.outcomeUnknown ?? false;
      progress.responses.push({
        request: index + 1,
        bytes,
        success: false,
        attempts: failure?.attempts ?? 1,
        error: {
          message: (error as Error).message,
          ...(failure?.code !== undefined ? { code: failure.code } : {}),
          ...(failure?.status !== undefined ? { status: failure.status } : {}),
          outcomeUnknown,
        },
      });
      // Not wanted: the platform did not confirm this menu.
      await discardStaged();
      // The platform's failure is the one to report: a full disk must not hide it. Losing
      // response.json loses history only; a status left as written before sending says
      // "uncertain", which at worst costs the next run a replace.
      await record.writeJson('response.json', progress).catch(() => undefined);
      if (outcomeUnknown || index > 0) {
        const why = outcomeUnknown
          ? `run ${record.id}: the platform may have applied the import without confirming it`
          : `run ${record.id}: only ${index} of ${chunks.length} merge requests were applied`;
        await state
          .writeStatus({
            uncertain: true,
            reason: why,
            since: input.now().toISOString(),
            runId: record.id,
          })
          .catch(() => undefined);
      } else {
        await state.writeStatus(input.status).catch(() => undefined);
      }
      throw outcomeUnknown && failure ? maybeApplied(failure) : explain(error, plan, bytes, chunks.length);
    }
  }
  if (waitFailure) {
    await discardStaged();
    throw duringImport(waitFailure.error, 'applied-not-recorded');
  }
  // Every request confirmed: the snapshot moves forward (staged during the last request's wait),
  // then the status (the store's commit: a crash between the two leaves "uncertain").
  const commit = async (): Promise<void> => {
    try {
      await (await (staging ??= stage())).commit();
    } catch (error) {
      await discardStaged();
      throw duringImport(error, 'applied-not-recorded');
    }
  };
  // The renames and directory syncs wait on the disk, the caller's work (a read-back) on the
  // platform: side by side rather than one after the other.
  const [committed] = await Promise.allSettled([commit(), input.whileCommitting?.()]);
  if (committed.status === 'rejected') throw committed.reason;
  // response.json of a success is written by the caller with the run's report.
}

/**
 * Resolves once the request's body has been handed to the OS, or the request settled first (it
 * failed before sending it all, say). A failure of the request is left to the caller's `await`;
 * the catch here only keeps it from counting as unhandled meanwhile.
 */
async function bodyOut(sent: Promise<void>, sending: Promise<unknown>): Promise<void> {
  const settled = sending.then(
    () => undefined,
    () => undefined,
  );
  await Promise.race([sent, settled]);
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

/**
 * The platform may hold the menu it did not confirm: the one line says so, and what happens next.
 * Once a body may have been applied the outcome stays unknown whatever a later attempt answers,
 * unless one confirms success (the client's rule; a resent replace or merge carries the same whole
 * entities, so applying it twice leaves what applying it once does).
 */
function maybeApplied(error: PlatformError): PlatformError {
  const wrapped = new PlatformError(`${error.message}; the platform may have applied the import`, {
    ...(error.code !== undefined ? { code: error.code } : {}),
    ...(error.status !== undefined ? { status: error.status } : {}),
    retriable: error.retriable,
    cause: error,
    hint: 'the target is marked uncertain: the next apply sends the whole menu as a replace',
  });
  wrapped.attempts = error.attempts;
  wrapped.outcomeUnknown = true;
  return wrapped;
}

function explain(error: unknown, plan: Plan, bytes: number, requests: number): unknown {
  if (!(error instanceof PlatformError) || error.status !== 413) return error;
  // The platform's own size limit: a merge could be split smaller, a replace cannot be split at all.
  // The report's error line holds the message only, so the size and what to do are in it.
  const size = `${(bytes / 1024 / 1024).toFixed(1)} MB (${countOf(bytes, 'byte')})`;
  const products = plan.payload?.products?.length ?? 0;
  const what =
    plan.payload?.update_mode === 'replace'
      ? `the import was too large for the platform (HTTP 413): a replace of ${size}, ${countOf(products, 'product')}, and a replace cannot be split; ask the platform for a higher import limit, or apply the change as merges first`
      : `the import was too large for the platform (HTTP 413): a merge request of ${size} (1 of ${requests}); lower --max-payload-bytes (max_payload_bytes) below ${bytes} so merges are split into smaller requests`;
  return new PlatformError(what, { code: error.code, status: 413, retriable: false, cause: error });
}

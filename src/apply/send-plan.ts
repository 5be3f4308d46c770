import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { Plan } from '../plan/types.js';
import { rememberSerializedPayload } from '../platform/client.js';
import { PlatformError } from '../platform/errors.js';
import type { PlatformClient } from '../platform/types.js';
import type { RunRecord } from '../state/run-history.js';
import {
  prepareSnapshotMenu,
  writeSnapshot,
  writeStatus,
  type PreparedSnapshotMenu,
  type TargetStatus,
} from '../state/snapshot.js';
import { pauseAt } from '../state/test-pause.js';
import { payloadBytes, splitPayload } from './split-payload.js';

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
  dir: string;
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
}

/**
 * Sends the plan's payload (split when a merge is too large) and moves the snapshot forward only
 * after every request was confirmed. Before the first byte leaves, status.json says "uncertain":
 * a process killed mid-request (even by SIGKILL) thus leaves a target the next run resyncs with a
 * replace. A failure we KNOW changed nothing puts the previous status back.
 */
export async function sendPlan(input: SendInput): Promise<void> {
  const { dir, record, plan, client, progress } = input;
  if (!plan.payload) return;
  // Serialized once: its size decides the split and, when it goes whole, it is payload.json too.
  // importMenu sends these same bytes (when the payload goes whole) instead of stringifying again.
  const body = rememberSerializedPayload(plan.payload, JSON.stringify(plan.payload));
  const size = Buffer.byteLength(body, 'utf8');
  const chunks = splitPayload(plan.payload, input.maxPayloadBytes, size);
  await record.write('payload.json', chunks.length === 1 ? [body, '\n'] : `${JSON.stringify(chunks)}\n`);
  await writeStatus(dir, {
    uncertain: true,
    reason: `run ${record.id} started sending and did not record the outcome`,
    since: input.now().toISOString(),
    runId: record.id,
  });
  await pauseAt('before-send');
  let prepared: PreparedSnapshotMenu | undefined;
  for (const [index, chunk] of chunks.entries()) {
    const bytes = chunks.length === 1 ? size : payloadBytes(chunk);
    const sending = client.importMenu(chunk);
    // The platform takes a while to store a big import, and this process only waits: make the
    // snapshot's bytes meanwhile. They are written only after the platform confirmed, as before.
    if (index === chunks.length - 1) {
      prepared = await prepareWhileSending(sending, input.desired);
      await input.whileSending?.();
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
      await record.writeJson('response.json', progress);
      if (outcomeUnknown || index > 0) {
        const why = outcomeUnknown
          ? `run ${record.id}: the platform may have applied the import without confirming it`
          : `run ${record.id}: only ${index} of ${chunks.length} merge requests were applied`;
        await writeStatus(dir, {
          uncertain: true,
          reason: why,
          since: input.now().toISOString(),
          runId: record.id,
        });
      } else {
        await writeStatus(dir, input.status);
      }
      throw explain(error, plan, bytes, chunks.length);
    }
  }
  // writeSnapshot hashes the canonical bytes it writes: one serialization for both.
  await writeSnapshot(
    dir,
    {
      formatVersion: 1,
      appliedAt: input.now().toISOString(),
      mode: plan.payload.update_mode,
      runId: record.id,
      menu: input.desired,
    },
    prepared,
  );
  await pauseAt('after-snapshot');
  await writeStatus(dir, { uncertain: false });
  await record.writeJson('response.json', progress);
}

/**
 * Lets the request get on its way (one turn of the event loop: the body is handed to the socket),
 * then does the snapshot's CPU work while the platform handles it. A failure of the request is
 * left to the caller's `await`; the catch here only keeps it from counting as unhandled meanwhile.
 */
async function prepareWhileSending(
  sending: Promise<unknown>,
  menu: CanonicalMenu,
): Promise<PreparedSnapshotMenu> {
  sending.catch(() => undefined);
  await new Promise<void>((resolve) => setImmediate(resolve));
  return prepareSnapshotMenu(menu);
}

/** After a confirmed apply whose read-back differs: the next run resyncs with a full replace. */
export async function markDrift(dir: string, runId: string, now: Date): Promise<void> {
  await writeStatus(dir, {
    uncertain: true,
    reason: `run ${runId}: the read-back differed from the menu sent`,
    since: now.toISOString(),
    runId,
  });
}

function explain(error: unknown, plan: Plan, bytes: number, requests: number): unknown {
  if (!(error instanceof PlatformError) || error.status !== 413) return error;
  // The platform's own size limit: a merge could be split smaller, a replace cannot be split at all.
  const what =
    plan.payload?.update_mode === 'replace'
      ? `the platform refused the replace payload of ${bytes} bytes as too large (HTTP 413); a replace cannot be split`
      : `the platform refused a merge request of ${bytes} bytes (1 of ${requests}) as too large (HTTP 413)`;
  const hint =
    plan.payload?.update_mode === 'replace'
      ? 'ask the platform for a higher import limit, or apply the change as merges first'
      : `lower --max-payload-bytes below ${bytes} so merges are split into smaller requests`;
  return new PlatformError(what, { code: error.code, status: 413, retriable: false, cause: error, hint });
}

import type { Plan } from '../../plan/types.js';
import { RunCancelledError } from '../../errors.js';
import { PlatformError } from '../../platform/errors.js';
import type { RunRecord } from '../../state/run-history.js';
import type { TargetStatus } from '../../state/snapshot.js';
import type { TargetStore } from '../../state/store.js';
import { countOf } from '../../plural.js';
import type { SendProgress } from './send-progress.js';
import { OPTION_NAMES } from '../../model/setting-names.js';

/** Which request of a send failed, and how large it was. */
export interface FailedRequest {
  index: number;
  requests: number;
  bytes: number;
}

/**
 * Records a request the platform did not confirm (progress, response.json, the target's status)
 * and returns the error to throw. The platform's failure is the one to report: a full disk must
 * not hide it. Losing response.json loses history only; a status left as written before sending
 * says "uncertain", which at worst costs the next run a replace.
 */
export async function recordSendFailure(
  error: unknown,
  request: FailedRequest,
  context: {
    state: TargetStore;
    record: RunRecord;
    plan: Plan;
    /** The status before sending: put back when the platform is known to hold what it had. */
    status: TargetStatus;
    progress: SendProgress;
    now: () => Date;
    /** How the caller names maxPayloadBytes, for the HTTP 413 hint. */
    maxPayloadName?: string | undefined;
  },
): Promise<unknown> {
  const { state, record, progress } = context;
  const failure = error instanceof PlatformError ? error : undefined;
  progress.attempts += failure?.attempts ?? 1;
  // An import cut short by a cancellation may have reached the platform: the next run replaces.
  const outcomeUnknown = failure?.outcomeUnknown ?? error instanceof RunCancelledError;
  progress.responses.push({
    request: request.index + 1,
    bytes: request.bytes,
    success: false,
    attempts: failure?.attempts ?? 1,
    error: {
      message: (error as Error).message,
      ...(failure?.code !== undefined ? { code: failure.code } : {}),
      ...(failure?.status !== undefined ? { status: failure.status } : {}),
      outcomeUnknown,
    },
  });
  await record.writeJson('response.json', progress).catch(() => undefined);
  if (outcomeUnknown || request.index > 0) {
    const why = outcomeUnknown
      ? `run ${record.id}: the platform may have applied the import without confirming it`
      : `run ${record.id}: only ${request.index} of ${request.requests} merge requests were applied`;
    await state
      .writeStatus({ uncertain: true, reason: why, since: context.now().toISOString(), runId: record.id })
      .catch(() => undefined);
  } else {
    await state.writeStatus(context.status).catch(() => undefined);
  }
  return outcomeUnknown && failure
    ? maybeApplied(failure)
    : explain(error, context.plan, request, context.maxPayloadName ?? OPTION_NAMES.maxPayloadBytes);
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

function explain(
  error: unknown,
  plan: Plan,
  { bytes, requests }: { bytes: number; requests: number },
  maxPayloadName: string,
): unknown {
  if (!(error instanceof PlatformError) || error.status !== 413) return error;
  // The platform's own size limit: a merge could be split smaller, a replace cannot be split at all.
  // The report's error line holds the message only, so the size and what to do are in it.
  const size = `${(bytes / 1024 / 1024).toFixed(1)} MB (${countOf(bytes, 'byte')})`;
  const products = plan.payload?.products?.length ?? 0;
  const what =
    plan.payload?.update_mode === 'replace'
      ? `the import was too large for the platform (HTTP 413): a replace of ${size}, ${countOf(products, 'product')}, and a replace cannot be split; ask the platform for a higher import limit, or apply the change as merges first`
      : `the import was too large for the platform (HTTP 413): a merge request of ${size} (1 of ${requests}); lower ${maxPayloadName} (max_payload_bytes) below ${bytes} so merges are split into smaller requests`;
  return new PlatformError(what, { code: error.code, status: 413, retriable: false, cause: error });
}

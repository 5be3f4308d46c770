import type { CanonicalMenu } from '../../model/canonical-menu.js';
import type { ImportPayload } from '../../model/import-payload.js';
import { rememberSerializedPayload } from '../../platform/client.js';
import type { MenuLines } from '../../state/snapshot-lines.js';
import { payloadJson } from './payload-json.js';
import { payloadBytes, splitPayload } from './split-payload.js';

/** The requests of one send, and the bytes they are made of. */
export interface SendBody {
  /** One payload per request: the whole payload, or a merge split under the size limit. */
  chunks: ImportPayload[];
  /** The UTF-8 body of a payload sent whole (also payload.json); undefined when split. */
  whole: Buffer | undefined;
  /** The menu's snapshot lines the body was made of (a replace), reused for the new snapshot. */
  lines: MenuLines | undefined;
  /** Bytes of one request's body. */
  bytesOf: (chunk: ImportPayload) => number;
}

/**
 * Serialized once, and encoded once when it goes whole: its size decides the split, and the same
 * bytes are payload.json and the request body (importMenu reuses them instead of stringifying).
 * A replace's body is made of the snapshot's product lines (payload-json.ts).
 */
export function sendBody(
  payload: ImportPayload,
  desired: CanonicalMenu,
  maxPayloadBytes: number,
  maxPayloadName?: string,
): SendBody {
  const { text, lines, head } = payloadJson(payload, desired);
  const size = Buffer.byteLength(text, 'utf8');
  const chunks = splitPayload(payload, maxPayloadBytes, size, maxPayloadName);
  const whole =
    chunks.length === 1 ? rememberSerializedPayload(payload, Buffer.from(text, 'utf8')) : undefined;
  // The body ends with the menu's JSON (after the head and its comma): the snapshot's hash input.
  const withBytes =
    lines && whole && head !== undefined
      ? { ...lines, bytes: whole.subarray(Buffer.byteLength(head, 'utf8') + 1) }
      : lines;
  return { chunks, whole, lines: withBytes, bytesOf: (chunk) => (whole ? size : payloadBytes(chunk)) };
}

/**
 * Resolves once the request's body has been handed to the OS, or the request settled first (it
 * failed before sending it all, say). A failure of the request is left to the caller's `await`;
 * the catch here only keeps it from counting as unhandled meanwhile.
 */
export async function bodyOut(sent: Promise<void>, sending: Promise<unknown>): Promise<void> {
  const settled = sending.then(
    () => undefined,
    () => undefined,
  );
  await Promise.race([sent, settled]);
}

import type { Readable } from 'node:stream';

export type SharedStringsCount =
  { kind: 'ok'; count: number } | { kind: 'too-many' } | { kind: 'too-long'; index: number; bytes: number };

const OPEN = Buffer.from('<si', 'latin1');
const CLOSE = Buffer.from('</si>', 'latin1');
/** Bytes that may follow `<si` in an `<si>` / `<si/>` / `<si attr>` tag (not `<sid...`). */
const AFTER_NAME = new Set([0x3e, 0x2f, 0x20, 0x09, 0x0a, 0x0d]);
const CARRY = CLOSE.length - 1;

/**
 * Counts `<si>` entries of xl/sharedStrings.xml and measures each one's XML, without decoding or
 * keeping anything: stops at the first limit passed. A tag split across chunks is seen once: a
 * match counts only if it could not be complete within the chunks before (`end > seenUpTo`).
 */
export async function countSharedStrings(
  stream: Readable,
  limits: { maxStrings: number; maxStringBytes: number },
): Promise<SharedStringsCount> {
  let count = 0;
  let openAt = -1;
  let carry = Buffer.alloc(0);
  let seenUpTo = 0; // absolute offset the previous chunks reached
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const base = seenUpTo - carry.length;
    // Each search moves forward only: a chunk of opens without closes stays linear.
    let open = nextOpen(bytes, 0);
    let close = bytes.indexOf(CLOSE);
    while (open >= 0 || close >= 0) {
      if (open >= 0 && (close < 0 || open < close)) {
        const index = open;
        open = nextOpen(bytes, open + 1);
        if (base + index + OPEN.length + 1 <= seenUpTo) continue;
        if (++count > limits.maxStrings) return { kind: 'too-many' };
        openAt = base + index;
      } else {
        const index = close;
        close = bytes.indexOf(CLOSE, close + 1);
        if (base + index + CLOSE.length <= seenUpTo || openAt < 0) continue;
        const size = base + index + CLOSE.length - openAt;
        if (size > limits.maxStringBytes) return { kind: 'too-long', index: count, bytes: size };
        openAt = -1;
      }
    }
    seenUpTo += chunk.length;
    // A string that never closes is measured as it grows, not once it ends.
    if (openAt >= 0 && seenUpTo - openAt > limits.maxStringBytes)
      return { kind: 'too-long', index: count, bytes: seenUpTo - openAt };
    carry = Buffer.from(bytes.subarray(Math.max(0, bytes.length - CARRY)));
  }
  return { kind: 'ok', count };
}

/** The next `<si` followed by a tag-ending byte, from `from`; -1 when none is complete here. */
function nextOpen(bytes: Buffer, from: number): number {
  for (let at = bytes.indexOf(OPEN, from); at >= 0; at = bytes.indexOf(OPEN, at + 1)) {
    const after = bytes[at + OPEN.length];
    if (after === undefined) return -1;
    if (AFTER_NAME.has(after)) return at;
  }
  return -1;
}

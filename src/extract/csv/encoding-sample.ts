import { readBytes } from '../file-access.js';

/** Bytes read to detect encoding and delimiter; the rest of the file is only ever streamed. */
export const SAMPLE_BYTES = 64 * 1024;
/** How far into an ASCII-only start we look for the first non-ASCII bytes. */
const SCAN_LIMIT = 16 * 1024 * 1024;

function firstHighByte(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) if ((bytes[i] ?? 0) >= 0x80) return i;
  return -1;
}

/**
 * The bytes that decide the encoding: the head of the file, or, when the head is plain ASCII
 * (a long header and English rows), the first window holding non-ASCII bytes further on.
 */
export async function encodingSample(file: string, head: Buffer, size: number): Promise<Buffer> {
  if (firstHighByte(head) >= 0 || head.length >= size || head.length < 4) return head;
  for (let position = head.length; position < Math.min(size, SCAN_LIMIT); position += SAMPLE_BYTES) {
    const chunk = await readBytes(file, SAMPLE_BYTES, position);
    const at = firstHighByte(chunk);
    if (at >= 0) return readBytes(file, SAMPLE_BYTES, Math.max(0, position + at - 1024));
    if (chunk.length === 0) break;
  }
  return head;
}

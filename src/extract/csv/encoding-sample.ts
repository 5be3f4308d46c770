import { isAscii } from 'node:buffer';
import { open } from 'node:fs/promises';
import { inputError, readBytes } from '../file-access.js';

/** Bytes read to detect encoding and delimiter; the rest of the file is only ever streamed. */
export const SAMPLE_BYTES = 64 * 1024;
/** How far into an ASCII-only start we look for the first non-ASCII bytes. */
const SCAN_LIMIT = 16 * 1024 * 1024;
/** Window of the scan: one read each, checked natively (`isAscii`) before any byte loop. */
const SCAN_BYTES = 1024 * 1024;

function firstHighByte(bytes: Uint8Array): number {
  if (isAscii(bytes)) return -1;
  for (let i = 0; i < bytes.length; i++) if ((bytes[i] ?? 0) >= 0x80) return i;
  return -1;
}

/**
 * Where the first non-ASCII byte is within the first SCAN_LIMIT bytes, or -1. One file handle
 * and 1 MB reads: an ASCII-only export (common: English menus) is scanned up to 16 MB, and a
 * handle and a thread-pool round trip per 64 KB were ~40 ms of a 100k-row extract.
 */
async function firstHighByteInFile(file: string, from: number, size: number): Promise<number> {
  const end = Math.min(size, SCAN_LIMIT);
  let handle;
  try {
    handle = await open(file, 'r');
    const buffer = Buffer.allocUnsafe(SCAN_BYTES);
    for (let position = from; position < end;) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(SCAN_BYTES, end - position), position);
      if (bytesRead === 0) break;
      const at = firstHighByte(buffer.subarray(0, bytesRead));
      if (at >= 0) return position + at;
      position += bytesRead;
    }
    return -1;
  } catch (error) {
    throw inputError(file, error);
  } finally {
    await handle?.close();
  }
}

/**
 * The bytes that decide the encoding: the head of the file, or, when the head is plain ASCII
 * (a long header and English rows), the window around the first non-ASCII bytes further on.
 */
export async function encodingSample(
  file: string,
  head: Buffer,
  size: number,
): Promise<{ bytes: Buffer; offset: number }> {
  if (firstHighByte(head) >= 0 || head.length >= size || head.length < 4) return { bytes: head, offset: 0 };
  const at = await firstHighByteInFile(file, head.length, size);
  if (at < 0) return { bytes: head, offset: 0 };
  const offset = Math.max(0, at - 1024);
  return { bytes: await readBytes(file, SAMPLE_BYTES, offset), offset };
}

/** File offset of the first non-ASCII byte of a sample read at `offset`, and the byte; undefined if none. */
export function firstNonAscii(sample: {
  bytes: Buffer;
  offset: number;
}): { offset: number; byte: number } | undefined {
  const at = firstHighByte(sample.bytes);
  return at < 0 ? undefined : { offset: sample.offset + at, byte: sample.bytes[at] ?? 0 };
}

import type { FileHandle } from 'node:fs/promises';

/**
 * Bytes gathered per write. Two such buffers are reused for the whole file (one filled while the
 * other is written), so writing hundreds of MB allocates nothing per chunk and keeps memory flat.
 */
const CHUNK_BYTES = 1 << 17;

/**
 * Writes text pieces (strings, encoded as UTF-8, and bytes) to `handle` in order, with one write in
 * flight while the next chunk is gathered. A piece larger than a chunk is written on its own.
 */
export async function writePieces(handle: FileHandle, pieces: Iterable<string | Uint8Array>): Promise<void> {
  const spare = [Buffer.allocUnsafeSlow(CHUNK_BYTES), Buffer.allocUnsafeSlow(CHUNK_BYTES)];
  let chunk = spare[0]!;
  let used = 0;
  let inFlight: Promise<void> | undefined;

  const send = async (bytes: Uint8Array): Promise<void> => {
    await inFlight;
    inFlight = writeAll(handle, bytes);
  };
  const flush = async (): Promise<void> => {
    if (used === 0) return;
    await send(chunk.subarray(0, used));
    // The other buffer's write has finished (send waited for it), so it can be filled again.
    chunk = chunk === spare[0] ? spare[1]! : spare[0]!;
    used = 0;
  };

  try {
    for (const piece of pieces) {
      if (typeof piece === 'string') {
        // A UTF-16 unit takes at most 3 bytes, so only long pieces need their exact size.
        const room = CHUNK_BYTES - used;
        const size = piece.length * 3 <= room ? 0 : Buffer.byteLength(piece);
        if (size > room) {
          await flush();
          if (size > CHUNK_BYTES) {
            await send(Buffer.from(piece, 'utf8'));
            continue;
          }
        }
        used += chunk.write(piece, used);
      } else {
        if (piece.length > CHUNK_BYTES - used) {
          await flush();
          if (piece.length > CHUNK_BYTES) {
            await send(piece);
            continue;
          }
        }
        chunk.set(piece, used);
        used += piece.length;
      }
    }
    await flush();
  } finally {
    // A failed write still settles before the caller closes the handle.
    await inFlight?.catch(() => undefined);
  }
  await inFlight;
}

/** FileHandle.write may write fewer bytes than asked; the rest follow. */
async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

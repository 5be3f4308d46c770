import { readFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Items handled between two turns of the event loop. */
const CHUNK = 64;

/**
 * `read` over every item with synchronous file reads, a turn of the event loop every few items.
 * Why not fs/promises: for the thousands of small files of a listing (`fleet status` of 10,000
 * targets: 50,000 files), its readFile is four thread-pool trips each (open, fstat, read, close)
 * and cost 2.4 s of CPU where readFileSync cost 0.4 s; the turns keep a server (the console)
 * answering while it lists.
 */
export async function mapChunked<T, R>(items: readonly T[], read: (item: T) => R): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    if (start > 0) await nextTurn();
    for (const item of items.slice(start, start + CHUNK)) results.push(read(item));
  }
  return results;
}

/** A small file's bytes, or null when it is not there (or not a file). */
export function readOptionalSync(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw error;
  }
}

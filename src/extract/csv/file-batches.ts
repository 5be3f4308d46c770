import { closeSync, openSync, readSync } from 'node:fs';
import type { TableRecord } from '../types.js';
import type { ChunkDecoder } from './decode-chunks.js';
import type { RecordParser } from './record-parser.js';

/**
 * Bytes read per chunk. Each chunk's records go to the consumer as one batch, all alive at once:
 * 256 KB batches (~3k records with their cells) made the young-generation GC copy them and cost
 * ~90 ms more GC on 100k rows than 64 KB ones; the awaits saved by bigger chunks are not measurable.
 */
export const CHUNK_BYTES = 64 * 1024;

/** Sees every parsed batch in file order, then the end of the file (invalid-utf8-cells.ts, record-warnings.ts). */
export interface RecordObserver {
  inspect(records: readonly TableRecord[]): void;
  finish(): void;
}

/**
 * A CSV file's records, one batch per chunk read: the file is read into a fresh buffer each time
 * (csv-parse keeps a view of an unfinished record's bytes), decoded, and parsed.
 * Chunks that complete no record are read through, so a batch is never empty. `return()` (a
 * consumer that stops early) and the end of the file close the file.
 *
 * The reads are synchronous: a 64 KB read of a local file takes microseconds, while an async read
 * costs a thread-pool round trip per chunk (~20 ms of main-thread time and ~40 ms of waiting on a
 * 100k-row file). The file stays streamed: one chunk at a time.
 */
export function fileBatches(
  file: string,
  decoder: ChunkDecoder,
  parser: RecordParser,
  observers: readonly RecordObserver[] = [],
): AsyncIterator<TableRecord[]> {
  const inspect = (records: readonly TableRecord[]): void => {
    for (const observer of observers) observer.inspect(records);
  };
  let fd: number | undefined;
  let finished = false;
  const close = (): void => {
    finished = true;
    const opened = fd;
    fd = undefined;
    if (opened !== undefined) closeSync(opened);
  };
  const read = async (): Promise<IteratorResult<TableRecord[]>> => {
    if (finished) return { done: true, value: undefined };
    const from = (fd ??= openSync(file, 'r'));
    while (!finished) {
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      const bytesRead = readSync(from, buffer, 0, CHUNK_BYTES, null);
      let records: TableRecord[];
      if (bytesRead === 0) {
        close();
        const rest = decoder.flush();
        records = rest
          ? [...(await parser.parse(rest)), ...(await parser.parse(undefined))]
          : await parser.parse(undefined);
        inspect(records);
        for (const observer of observers) observer.finish();
      } else {
        records = await parser.parse(decoder.decode(buffer.subarray(0, bytesRead)));
        inspect(records);
      }
      if (records.length > 0) return { done: false, value: records };
    }
    return { done: true, value: undefined };
  };
  return {
    next: async () => {
      try {
        return await read();
      } catch (error) {
        try {
          close();
        } catch {
          // The read error is the one to report.
        }
        throw error;
      }
    },
    return: async () => {
      close();
      return { done: true, value: undefined };
    },
  };
}

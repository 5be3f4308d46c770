import { statQuietly } from './file-access.js';
import type { ProgressSink } from '../progress.js';
import type { TableRecord, TableSource } from './types.js';

/**
 * The same table source, telling `sink` how many rows have been read: once per batch (a CSV
 * chunk of 64 KB), so watching costs nothing measurable. Both views of the one stream are
 * watched; a consumer reads one of them.
 */
export async function observeRows(source: TableSource, sink: ProgressSink): Promise<TableSource> {
  const { file } = source;
  const bytes = statQuietly(file)?.size;
  let rows = 0;
  const report = (added: number) => {
    rows += added;
    sink({ kind: 'rows', file, rows, ...(bytes !== undefined ? { bytes } : {}) });
  };
  const done = () => sink({ kind: 'rows-done', file, rows });
  const batches = source.batches;
  const records = source.records;
  return {
    ...source,
    batches: {
      async *[Symbol.asyncIterator](): AsyncGenerator<readonly TableRecord[]> {
        try {
          for await (const batch of batches) {
            report(batch.length);
            yield batch;
          }
        } finally {
          done();
        }
      },
    },
    records: {
      async *[Symbol.asyncIterator](): AsyncGenerator<TableRecord> {
        let pending = 0;
        try {
          for await (const record of records) {
            // Every thousand records: the record view is the one that asks for few events.
            if (++pending === 1000) {
              report(pending);
              pending = 0;
            }
            yield record;
          }
        } finally {
          if (pending > 0) report(pending);
          done();
        }
      },
    },
  };
}

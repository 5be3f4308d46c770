import { InvalidInputError } from '../errors.js';
import type { DataIssue } from '../model/data-issue.js';
import { findRowByHints, guessHeaderRow, HEURISTIC_ROWS, HINT_ROWS } from './header-row.js';
import type { CellValue, ReadOptions, TableRecord } from './types.js';

export interface LocatedHeader {
  headerRow: number;
  headers: string[];
  /** The records after the header: the ones read ahead first, then the rest of the stream. */
  records: AsyncIterable<TableRecord>;
  /** The same records in batches (see TableSource): one stream, two views. */
  batches: AsyncIterable<readonly TableRecord[]>;
}

function headerText(cell: CellValue): string {
  return cell === null ? '' : String(cell);
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * The records left over from the read-ahead as a first batch, then the stream's own batches, with
 * errors wrapped; and a one-record-at-a-time view of the same. Plain iterators rather than async
 * generators: a generator adds a promise and a microtask hop per item.
 */
function chain(
  first: readonly TableRecord[],
  rest: AsyncIterator<readonly TableRecord[]>,
  wrapError: (error: unknown) => unknown,
): Pick<LocatedHeader, 'records' | 'batches'> {
  let pending: readonly TableRecord[] | undefined = first.length > 0 ? first : undefined;
  const rethrow = (error: unknown): never => {
    throw wrapError(error);
  };
  const batches: AsyncIterator<readonly TableRecord[]> = {
    next: () => {
      if (pending) {
        const value = pending;
        pending = undefined;
        return Promise.resolve({ done: false, value });
      }
      return rest.next().then(undefined, rethrow);
    },
    // A consumer that stops early (break, throw) closes the stream under it.
    return: async () => {
      pending = undefined;
      if (rest.return) await rest.return().then(undefined, rethrow);
      return DONE;
    },
  };
  let batch: readonly TableRecord[] = [];
  let i = 0;
  const nextRecord = async (): Promise<IteratorResult<TableRecord>> => {
    for (;;) {
      const next = await batches.next();
      if (next.done) return DONE;
      batch = next.value;
      i = 0;
      if (batch.length > 0) return { done: false, value: batch[i++] as TableRecord };
    }
  };
  const records: AsyncIterator<TableRecord> = {
    next: () =>
      i < batch.length ? Promise.resolve({ done: false, value: batch[i++] as TableRecord }) : nextRecord(),
    return: async () => {
      i = batch.length;
      await batches.return?.();
      return DONE;
    },
  };
  return {
    records: { [Symbol.asyncIterator]: () => records },
    batches: { [Symbol.asyncIterator]: () => batches },
  };
}

/**
 * Reads ahead just far enough to find the header (options.headerRow, else the first row holding
 * all options.headerHints, else the heuristic in header-row.ts) and hands back the rest still
 * streaming. `where` names the input in errors and issues.
 */
export async function locateHeader(
  batches: AsyncIterator<readonly TableRecord[]>,
  options: ReadOptions,
  where: { file: string; sheet?: string },
  issues: DataIssue[],
  wrapError: (error: unknown) => unknown,
): Promise<LocatedHeader> {
  const limit =
    options.headerRow !== undefined ? Infinity : options.headerHints?.length ? HINT_ROWS : HEURISTIC_ROWS;
  const ahead: TableRecord[] = [];
  // Records of the last batch read that were not needed to find the header.
  let unread: readonly TableRecord[] = [];
  let index = -1;
  try {
    reading: while (ahead.length < limit) {
      const next = await batches.next();
      if (next.done) break;
      const batch = next.value;
      for (let j = 0; j < batch.length; j++) {
        if (ahead.length >= limit) {
          unread = batch.slice(j);
          break reading;
        }
        const record = batch[j] as TableRecord;
        ahead.push(record);
        if (options.headerRow !== undefined && record.row >= options.headerRow) {
          index = ahead.length - 1;
          unread = batch.slice(j + 1);
          break reading;
        }
      }
    }
  } catch (error) {
    throw wrapError(error);
  }
  const place = where.sheet ? `${where.file} (sheet "${where.sheet}")` : where.file;
  // No source for the caller when there is no header: close the file under it before saying so.
  const fail = async (error: InvalidInputError): Promise<never> => {
    await Promise.resolve(batches.return?.()).catch(() => undefined);
    throw error;
  };
  if (options.headerRow !== undefined) {
    if (index < 0)
      await fail(new InvalidInputError(`${place} has no row ${options.headerRow} to use as the header`));
  } else if (options.headerHints?.length) {
    index = findRowByHints(
      ahead.map((record) => record.cells),
      options.headerHints,
    );
    if (index < 0) {
      await fail(
        new InvalidInputError(
          `${place}: none of the first ${HINT_ROWS} rows contains all header hints (${options.headerHints.join(', ')})`,
          { hint: "Check the mapping's headerHints or set headerRow." },
        ),
      );
    }
  } else {
    index = guessHeaderRow(ahead.map((record) => record.cells));
    if (index < 0 && ahead.length > 0) {
      index = 0;
      issues.push({
        code: 'header-not-found',
        severity: 'warning',
        message:
          'No row looks like a header (distinct text cells with rows of a consistent width below); using the first row',
        location: { ...where, row: ahead[0]?.row ?? 1 },
      });
    }
  }
  const header = ahead[index];
  if (!header) {
    issues.push({
      code: 'header-not-found',
      severity: 'error',
      message: 'the export is empty: no header and no records',
      location: { ...where },
    });
    return { headerRow: 0, headers: [], ...chain(unread, batches, wrapError) };
  }
  return {
    headerRow: header.row,
    headers: header.cells.map(headerText),
    ...chain([...ahead.slice(index + 1), ...unread], batches, wrapError),
  };
}

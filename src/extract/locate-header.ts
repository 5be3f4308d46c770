import { InvalidInputError } from '../errors.js';
import type { DataIssue } from '../model/data-issue.js';
import { findRowByHints, guessHeaderRow, HEURISTIC_ROWS, HINT_ROWS } from './header-row.js';
import type { CellValue, ReadOptions, TableRecord } from './types.js';

export interface LocatedHeader {
  headerRow: number;
  headers: string[];
  /** The records after the header: the ones read ahead first, then the rest of the stream. */
  records: AsyncIterable<TableRecord>;
}

function headerText(cell: CellValue): string {
  return cell === null ? '' : String(cell);
}

/**
 * The read-ahead records, then the rest of the stream. A plain iterator rather than an async
 * generator: a generator adds a promise and a microtask hop per record (~10% of extract on 100k
 * rows); here a record from the stream costs only the error-wrapping `then`.
 */
function chain(
  ahead: readonly TableRecord[],
  rest: AsyncIterator<TableRecord>,
  wrapError: (error: unknown) => unknown,
): AsyncIterable<TableRecord> {
  let i = 0;
  const rethrow = (error: unknown): never => {
    throw wrapError(error);
  };
  const iterator: AsyncIterator<TableRecord> = {
    next: () => {
      if (i < ahead.length) return Promise.resolve({ done: false, value: ahead[i++] as TableRecord });
      return rest.next().then(undefined, rethrow);
    },
    // A consumer that stops early (break, throw) closes the stream under it.
    return: async () => {
      i = ahead.length;
      if (rest.return) await rest.return().then(undefined, rethrow);
      return { done: true, value: undefined };
    },
  };
  return { [Symbol.asyncIterator]: () => iterator };
}

/**
 * Reads ahead just far enough to find the header (options.headerRow, else the first row holding
 * all options.headerHints, else the heuristic in header-row.ts) and hands back the rest still
 * streaming. `where` names the input in errors and issues.
 */
export async function locateHeader(
  rows: AsyncIterator<TableRecord>,
  options: ReadOptions,
  where: { file: string; sheet?: string },
  issues: DataIssue[],
  wrapError: (error: unknown) => unknown,
): Promise<LocatedHeader> {
  const limit =
    options.headerRow !== undefined ? Infinity : options.headerHints?.length ? HINT_ROWS : HEURISTIC_ROWS;
  const ahead: TableRecord[] = [];
  let index = -1;
  try {
    while (ahead.length < limit) {
      const next = await rows.next();
      if (next.done) break;
      ahead.push(next.value);
      if (options.headerRow !== undefined && next.value.row >= options.headerRow) {
        index = ahead.length - 1;
        break;
      }
    }
  } catch (error) {
    throw wrapError(error);
  }
  const place = where.sheet ? `${where.file} (sheet "${where.sheet}")` : where.file;
  if (options.headerRow !== undefined) {
    if (index < 0)
      throw new InvalidInputError(`${place} has no row ${options.headerRow} to use as the header`);
  } else if (options.headerHints?.length) {
    index = findRowByHints(
      ahead.map((record) => record.cells),
      options.headerHints,
    );
    if (index < 0) {
      throw new InvalidInputError(
        `${place}: none of the first ${HINT_ROWS} rows contains all header hints (${options.headerHints.join(', ')})`,
        { hint: "Check the mapping's headerHints or set headerRow." },
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
      message: 'The input is empty: no header and no records',
      location: { ...where },
    });
    return { headerRow: 0, headers: [], records: chain([], rows, wrapError) };
  }
  return {
    headerRow: header.row,
    headers: header.cells.map(headerText),
    records: chain(ahead.slice(index + 1), rows, wrapError),
  };
}

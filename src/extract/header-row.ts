import type { CellValue } from './types.js';

/** Rows looked at when guessing the header without hints (Square xlsx puts it on row 2). */
export const HEURISTIC_ROWS = 20;
/** Rows searched for the mapping's header hints. */
export const HINT_ROWS = 50;

const NUMERIC = /^\s*[-+]?(\d[\d,]*(\.\d*)?|\.\d+)\s*%?\s*$/;

function isTextCell(cell: CellValue): boolean {
  return typeof cell === 'string' && cell.trim() !== '' && !NUMERIC.test(cell);
}

function isEmpty(cell: CellValue): boolean {
  return cell === null || (typeof cell === 'string' && cell.trim() === '');
}

/** Index (into `rows`) of the first row containing every hint, compared trimmed and case-insensitively. */
export function findRowByHints(rows: readonly (readonly CellValue[])[], hints: readonly string[]): number {
  const wanted = hints.map((hint) => hint.trim().toLowerCase());
  return rows.findIndex((cells) => {
    const present = new Set(cells.map((cell) => (typeof cell === 'string' ? cell.trim().toLowerCase() : '')));
    return wanted.every((hint) => present.has(hint));
  });
}

/**
 * Index of the row that looks like a header: its non-empty cells are mostly non-numeric text, and
 * it has the most distinct non-empty cells among the first rows (a title row above the header has fewer;
 * ties go to the first, so a text-only data row does not win over the header). -1 when none.
 */
export function guessHeaderRow(rows: readonly (readonly CellValue[])[]): number {
  let best = -1;
  let bestCount = 0;
  rows.slice(0, HEURISTIC_ROWS).forEach((cells, index) => {
    // Distinct values: a title merged across the columns fills them all with one value.
    const values = new Set<CellValue>();
    let text = 0;
    for (const cell of cells) {
      if (isEmpty(cell) || values.has(cell)) continue;
      values.add(cell);
      if (isTextCell(cell)) text++;
    }
    const filled = values.size;
    if (filled > bestCount && text * 2 > filled) {
      best = index;
      bestCount = filled;
    }
  });
  return best;
}

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

/** Rows after a candidate compared with it: enough to see the data's width, few enough to stay cheap. */
const FOLLOWING_ROWS = 10;

/** Columns up to the last non-empty cell: xlsx rows and CSV rows with trailing commas differ only there. */
function width(cells: readonly CellValue[]): number {
  for (let i = cells.length - 1; i >= 0; i--) if (!isEmpty(cells[i] ?? null)) return i + 1;
  return 0;
}

/**
 * Mostly filled in across the whole row (a CSV title row "Menu,," is not), distinct (a merged title
 * repeats one value), mostly text, and `minWidth` columns wide.
 */
function looksLikeHeaderCells(cells: readonly CellValue[], minWidth: number): boolean {
  const values = new Set<CellValue>();
  let filled = 0;
  let text = 0;
  for (const cell of cells) {
    if (isEmpty(cell)) continue;
    filled++;
    if (values.has(cell)) continue;
    values.add(cell);
    if (isTextCell(cell)) text++;
  }
  return (
    width(cells) >= minWidth &&
    filled * 2 > cells.length &&
    values.size * 2 > filled &&
    text * 2 > values.size
  );
}

/**
 * The rows below a header are its data: at least half fit inside its columns (a title or preamble
 * above the real header is narrower than the rows after it) and at least half use two columns when
 * it has two or more (lines of free text do not). No rows below: nothing contradicts it.
 */
function followedByItsData(headerWidth: number, following: readonly (readonly CellValue[])[]): boolean {
  const widths = following.map(width).filter((w) => w > 0);
  if (widths.length === 0) return true;
  const fit = widths.filter((w) => w <= headerWidth).length;
  const tabular = widths.filter((w) => w >= Math.min(2, headerWidth)).length;
  return fit * 2 >= widths.length && tabular * 2 >= widths.length;
}

/**
 * Index of the first row that looks like a header: its cells are non-empty, distinct, mostly
 * non-numeric text, and the rows after it have a width consistent with it. The first such row wins,
 * so a title or preamble above the header is passed over (the rows after it are wider) and a ragged
 * data row with more cells than the header never wins (the header comes first). A one-column header
 * is taken only as the first non-blank row: later, a lone text line is more likely prose than a header.
 * -1 when none.
 */
export function guessHeaderRow(rows: readonly (readonly CellValue[])[]): number {
  const window = rows.slice(0, HEURISTIC_ROWS);
  const firstFilled = window.findIndex((cells) => width(cells) > 0);
  return window.findIndex(
    (cells, index) =>
      looksLikeHeaderCells(cells, index === firstFilled ? 1 : 2) &&
      followedByItsData(width(cells), window.slice(index + 1, index + 1 + FOLLOWING_ROWS)),
  );
}

import { count, InputLimitError } from '../input-limits.js';
import type { CellValue } from '../types.js';
import type { MergedRange } from './merged-ranges.js';
import { MAX_CELLS_PER_ROW } from './sheet-cell-count.js';

/**
 * Gives every cell of a merged range the value of its top-left cell, row by row as the sheet
 * streams (the top-left cell always comes first). Returns a function applied to each row.
 * The cells a merge fills count against `maxCells` like stored ones: one range over the whole
 * sheet (`A1:XFD1048576`) would otherwise give every row 16,384 cells.
 */
export function mergeFiller(
  ranges: readonly MergedRange[],
  limit: { file: string; maxCells: number },
): (row: number, cells: CellValue[]) => void {
  const pending = [...ranges].sort((a, b) => a.top - b.top);
  let active: { range: MergedRange; value: CellValue }[] = [];
  let next = 0;
  let filled = 0;
  return (row, cells) => {
    if (active.length > 0) active = active.filter((merge) => merge.range.bottom >= row);
    while (next < pending.length && (pending[next]?.top ?? Infinity) <= row) {
      const range = pending[next++] as MergedRange;
      if (range.bottom >= row)
        active.push({ range, value: range.top === row ? (cells[range.left - 1] ?? null) : null });
    }
    for (const { range, value } of active) {
      const right = Math.min(range.right, MAX_CELLS_PER_ROW);
      filled += right - range.left + 1;
      if (filled > limit.maxCells)
        throw new InputLimitError(
          limit.file,
          'maxCells',
          `merged ranges fill more than ${count(limit.maxCells)} cells of the sheet`,
        );
      for (let column = range.left; column <= right; column++) {
        while (cells.length < column) cells.push(null);
        cells[column - 1] = value;
      }
    }
  };
}

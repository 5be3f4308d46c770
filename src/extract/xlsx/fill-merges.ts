import type { CellValue } from '../types.js';
import type { MergedRange } from './merged-ranges.js';

/**
 * Gives every cell of a merged range the value of its top-left cell, row by row as the sheet
 * streams (the top-left cell always comes first). Returns a function applied to each row.
 */
export function mergeFiller(ranges: readonly MergedRange[]): (row: number, cells: CellValue[]) => void {
  const pending = [...ranges].sort((a, b) => a.top - b.top);
  let active: { range: MergedRange; value: CellValue }[] = [];
  let next = 0;
  return (row, cells) => {
    if (active.length > 0) active = active.filter((merge) => merge.range.bottom >= row);
    while (next < pending.length && (pending[next]?.top ?? Infinity) <= row) {
      const range = pending[next++] as MergedRange;
      if (range.bottom >= row)
        active.push({ range, value: range.top === row ? (cells[range.left - 1] ?? null) : null });
    }
    for (const { range, value } of active) {
      for (let column = range.left; column <= range.right; column++) {
        while (cells.length < column) cells.push(null);
        cells[column - 1] = value;
      }
    }
  };
}

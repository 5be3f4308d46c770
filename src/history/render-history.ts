import type { HistoryEntry } from './list-history.js';
import { alignedRows } from '../display-width.js';

const HEADER = [
  'RUN',
  'STARTED (UTC)',
  'COMMAND',
  'MODE',
  'ADDED',
  'CHANGED',
  'REMOVED',
  'OUTCOME',
  'ROLLBACK POINT',
  'NOTE',
];
/** Right-aligned columns: the counts. */
const NUMERIC = new Set([4, 5, 6]);

/**
 * `menusync history` as a table, newest first; computes nothing (listHistory did). Entries of a
 * fleet (`history --all`) carry their target, shown first.
 */
export function renderHistory(entries: readonly (HistoryEntry & { target?: string })[]): string {
  if (!entries.some((entry) => entry.target !== undefined)) {
    return `${alignedRows(HEADER, entries.map(historyRow), NUMERIC).join('\n')}\n`;
  }
  const rows = entries.map((entry) => [entry.target ?? '-', ...historyRow(entry)]);
  const numeric = new Set([...NUMERIC].map((column) => column + 1));
  return `${alignedRows(['TARGET', ...HEADER], rows, numeric).join('\n')}\n`;
}

function historyRow(entry: HistoryEntry): string[] {
  const point = entry.rollbackPoint ? (entry.current ? 'yes, current' : 'yes') : 'no';
  const note = entry.note ?? (entry.rollbackTo ? `back to ${entry.rollbackTo}` : '');
  const count = (n: number | undefined) => (n === undefined ? '' : String(n));
  return [
    entry.runId,
    when(entry.startedAt),
    entry.command ?? '-',
    entry.mode ?? '-',
    count(entry.changes?.added),
    count(entry.changes?.changed),
    count(entry.changes?.removed),
    entry.outcome ?? '-',
    point,
    note,
  ];
}

/** 2026-11-24T18:32:47.123Z -> 2026-11-24 18:32:47: a table cell, seconds are enough. */
function when(iso: string | null): string {
  return iso ? iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '') : '-';
}

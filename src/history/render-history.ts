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

/** `menusync history` as a table, newest first; computes nothing (listHistory did). */
export function renderHistory(entries: readonly HistoryEntry[]): string {
  const rows = entries.map(historyRow);
  return `${alignedRows(HEADER, rows, NUMERIC).join('\n')}\n`;
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

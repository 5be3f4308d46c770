import type { CellValue } from '../types.js';
import type { NumberKind } from './number-format.js';

const DAY_MS = 86_400_000;
/** Day 0 of the 1900 date system as Excel counts from 1 March 1900 on (30 Dec 1899), in ms. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** A date as ISO 8601: `yyyy-mm-dd` when it has no time of day, else the full UTC timestamp. */
export function isoDate(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/**
 * The date a serial number stands for. In the 1900 system Excel keeps Lotus 1-2-3's phantom
 * 29 February 1900 (serial 60), so serials 1-59 are one day later than a plain count from 30 Dec
 * 1899 gives; in the 1904 system (old Mac workbooks, `<workbookPr date1904="1"/>`) serial 0 is
 * 1 January 1904. Rounded to the millisecond, as Excel shows at most that.
 */
export function serialToMs(serial: number, date1904: boolean): number {
  if (date1904) return EPOCH_1904 + Math.round(serial * DAY_MS);
  const shift = serial > 0 && serial < 60 ? DAY_MS : 0;
  return EPOCH_1900 + shift + Math.round(serial * DAY_MS);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** A time of day (`hh:mm:ss`, `.sss` when there are milliseconds), for a serial below 1. */
function timeOfDay(serial: number): string {
  const ms = Math.round(serial * DAY_MS);
  const text = `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}`;
  return ms % 1000 === 0 ? text : `${text}.${pad(ms % 1000, 3)}`;
}

/** A duration in days as ISO 8601 (`PT36H30M`, `-PT1.5S`): elapsed time has no calendar. */
export function isoDuration(days: number): string {
  const total = Math.round(Math.abs(days) * DAY_MS);
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const ms = total % 60_000;
  const parts = [hours ? `${hours}H` : '', minutes ? `${minutes}M` : '', ms ? `${ms / 1000}S` : ''];
  const body = parts.join('') || '0S';
  return `${days < 0 && total > 0 ? '-' : ''}PT${body}`;
}

/** A number cell as its format shows it: dates, times and durations as ISO 8601 text. */
export function numberCell(value: number, kind: NumberKind, date1904: boolean): CellValue {
  if (kind === 'number' || !Number.isFinite(value)) return value;
  if (kind === 'duration') return isoDuration(value);
  if (kind === 'time' && value >= 0 && value < 1) return timeOfDay(value);
  const ms = serialToMs(value, date1904);
  return Number.isNaN(new Date(ms).getTime()) ? value : isoDate(ms);
}

/**
 * A `t="d"` cell: ISO 8601 text in the file (strict Open XML and some writers). A value without
 * a zone is taken as UTC, as serial dates are; one that does not parse stays as written.
 */
export function isoCell(text: string): CellValue {
  const trimmed = text.trim();
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(trimmed);
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/.test(trimmed);
  const ms = Date.parse(dateOnly ? `${trimmed}T00:00:00Z` : zoned ? trimmed : `${trimmed}Z`);
  return Number.isNaN(ms) ? text : isoDate(ms);
}

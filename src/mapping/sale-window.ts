// Whether a sale price is the price a customer pays on the run's date. WooCommerce writes a sale
// price with empty schedule dates for a sale that runs until someone ends it, and a scheduled sale
// as `Date sale price starts` / `Date sale price ends` (its exporter writes `2024-05-01 00:00:00`,
// a date only for the end day that WooCommerce itself ends at 23:59:59). The shop's time zone is not
// in the export: dates are read as UTC, which moves a boundary by the shop's offset at most.

/** What a sale window means on the run's date. */
export type SaleWindow =
  | { running: true; until?: string }
  | { running: false; reason: 'not-started' | 'ended'; starts?: string; ends?: string }
  | { running: false; reason: 'unreadable'; text: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?(?:Z|[+-]00:?00)?$/;

/** A date or date-time as written, in UTC; the end of its day for a bare end date. Undefined: unreadable. */
export function readSaleDate(text: string, edge: 'start' | 'end'): Date | undefined {
  const m = DATE.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  const timeGiven = h !== undefined;
  const endOfDay = edge === 'end' && (!timeGiven || (h === '00' && mi === '00' && (s ?? '00') === '00'));
  const date = new Date(
    Date.UTC(
      Number(y),
      Number(mo) - 1,
      Number(d),
      endOfDay ? 23 : Number(h ?? 0),
      endOfDay ? 59 : Number(mi ?? 0),
      endOfDay ? 59 : Number(s ?? 0),
    ),
  );
  // 2024-02-30 rolls over to March: a date that does not exist is unreadable, not moved.
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return undefined;
  return date;
}

/** `2024-05-31` for a whole day, `2024-05-31 18:00` otherwise (UTC). */
function show(date: Date): string {
  const iso = date.toISOString();
  const day = iso.slice(0, 10);
  const time = iso.slice(11, 16);
  return time === '23:59' || time === '00:00' ? day : `${day} ${time}`;
}

/** Whether a sale with these (possibly empty) schedule dates runs at `now`. */
export function saleWindow(starts: string | undefined, ends: string | undefined, now: Date): SaleWindow {
  const start = starts === undefined ? undefined : readSaleDate(starts, 'start');
  if (starts !== undefined && start === undefined)
    return { running: false, reason: 'unreadable', text: starts };
  const end = ends === undefined ? undefined : readSaleDate(ends, 'end');
  if (ends !== undefined && end === undefined) return { running: false, reason: 'unreadable', text: ends };
  const dates = {
    ...(start ? { starts: show(start) } : {}),
    ...(end ? { ends: show(end) } : {}),
  };
  if (start && now < start) return { running: false, reason: 'not-started', ...dates };
  if (end && now > end) return { running: false, reason: 'ended', ...dates };
  return end ? { running: true, until: show(end) } : { running: true };
}

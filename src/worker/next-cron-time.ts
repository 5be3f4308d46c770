import { cronMatches, parseCron } from '../config/cron.js';

const MINUTE_MS = 60_000;
/** A schedule that fires less than once a year (Feb 30) has no next time worth showing. */
const HORIZON_MS = 366 * 24 * 60 * MINUTE_MS;

/**
 * The next minute after `from` at which `cron` fires, read in `timeZone` (as pg-boss reads a
 * schedule), or null when none comes within a year. For `fleet status`: what it shows is what the
 * workers' queue will do, not a guess of our own.
 */
export function nextCronTime(cron: string, timeZone: string, from: Date): Date | null {
  const schedule = parseCron(cron);
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  let at = Math.floor(from.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  const end = from.getTime() + HORIZON_MS;
  while (at <= end) {
    const wall = wallClock(format, at);
    if (!schedule.hours.has(wall.getHours())) {
      // The whole hour is out: jump to the next one (zones are whole minutes off UTC).
      at += (60 - wall.getMinutes()) * MINUTE_MS;
      continue;
    }
    if (cronMatches(schedule, wall)) return new Date(at);
    at += MINUTE_MS;
  }
  return null;
}

/** A Date whose local fields are the wall clock of `timeZone` at `at`: what cronMatches reads. */
function wallClock(format: Intl.DateTimeFormat, at: number): Date {
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  const n = (type: string) => Number(parts[type]);
  return new Date(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
}

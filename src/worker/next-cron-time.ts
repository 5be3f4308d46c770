import { nextCronTime as nextTime, parseCron } from '../config/cron.js';

/** A schedule that fires less than once a year (Feb 30) has no next time worth showing. */
const HORIZON_MS = 366 * 24 * 60 * 60_000;

/**
 * The next minute after `from` at which `cron` fires, read in `timeZone` (as pg-boss reads a
 * schedule, with the same library), or null when none comes within a year. For `fleet status`:
 * what it shows is what the workers' queue will do, not a guess of our own.
 */
export function nextCronTime(cron: string, timeZone: string, from: Date): Date | null {
  return nextTime(parseCron(cron), timeZone, from, new Date(from.getTime() + HORIZON_MS));
}

import { createRequire } from 'node:module';
import type * as CronParser from 'cron-parser';

// cron-parser (and luxon under it) is loaded on the first schedule read: a run whose config has
// no `schedule:` does not pay for it at start-up.
const require = createRequire(import.meta.url);
let loaded: typeof CronParser | undefined;
const cronParser = (): typeof CronParser => (loaded ??= require('cron-parser') as typeof CronParser);

/**
 * A target's `schedule:` as a standard 5-field cron expression (minute hour day-of-month month
 * day-of-week), read by cron-parser: the library and version pg-boss fires the workers' schedules
 * with, so `--due` and `fleet status` read a schedule exactly as the queue does. Lists (1,5),
 * ranges (1-5), steps (*\/15, 10-50/10), month/day names (jan, mon) and 7 for Sunday as in
 * crontab(5); when both day fields are restricted, either may match (cron's rule).
 */
export interface CronSchedule {
  /** The expression as written, checked. */
  expression: string;
}

const FIELDS = ['minute', 'hour', 'day of month', 'month', 'day of week'] as const;
const MINUTE_MS = 60_000;

/** Thrown with a message that names the field and the part that is wrong. */
export class CronSyntaxError extends Error {}

export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  // cron-parser also takes a seconds field; pg-boss fires at most once a minute, so 5 fields only.
  if (parts.length !== 5)
    throw new CronSyntaxError(
      `a cron expression has 5 fields (minute hour day-of-month month day-of-week), got ${parts.length}`,
    );
  // Each field alone first, so the message can name the field that is wrong.
  for (const [index, part] of parts.entries()) {
    const alone = FIELDS.map((_, other) => (other === index ? part : '*')).join(' ');
    const problem = parseProblem(alone);
    if (problem) throw new CronSyntaxError(`${FIELDS[index]}: "${part}": ${problem}`);
  }
  // Then together: a day that no month has (30 2 = February 30th) is wrong only as a whole.
  const problem = parseProblem(parts.join(' '));
  if (problem) throw new CronSyntaxError(problem);
  return { expression: parts.join(' ') };
}

/**
 * Whether the schedule fires in the minute of `at`, read in `timeZone` (an IANA name), UTC when none
 * is given: the zone the workers' queue reads it in, so `--due` from cron and the workers agree on a
 * target's hour whatever the machine's local zone is.
 */
export function cronMatches(schedule: CronSchedule, at: Date, timeZone = 'UTC'): boolean {
  const minute = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
  const next = cronParser()
    .parseExpression(schedule.expression, {
      currentDate: new Date(minute - 1),
      tz: timeZone,
    })
    .next();
  return next.getTime() === minute;
}

/** The first time after `from`, up to `until`, at which the schedule fires in `timeZone`; null if none. */
export function nextCronTime(schedule: CronSchedule, timeZone: string, from: Date, until: Date): Date | null {
  const times = cronParser().parseExpression(schedule.expression, {
    currentDate: from,
    endDate: until,
    tz: timeZone,
  });
  return times.hasNext() ? new Date(times.next().getTime()) : null;
}

function parseProblem(expression: string): string | undefined {
  try {
    cronParser().parseExpression(expression);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

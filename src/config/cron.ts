/**
 * A target's `schedule:` as a standard 5-field cron expression (minute hour day-of-month month
 * day-of-week), read into the set of values each field allows. Lists (1,5), ranges (1-5), steps
 * (*\/15, 10-50/10) and month/day names (jan, mon) as in crontab(5); 7 is Sunday as well as 0.
 * Day of month and day of week follow cron's rule: when both are restricted, either may match.
 */
export interface CronSchedule {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  weekdays: ReadonlySet<number>;
  daysRestricted: boolean;
  weekdaysRestricted: boolean;
}

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const FIELDS: readonly FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS },
  { name: 'day of week', min: 0, max: 7, names: WEEKDAYS },
];

/** Thrown with a message that names the field and the part that is wrong. */
export class CronSyntaxError extends Error {}

export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5)
    throw new CronSyntaxError(
      `a cron expression has 5 fields (minute hour day-of-month month day-of-week), got ${parts.length}`,
    );
  const sets = parts.map((part, i) => parseField(part, FIELDS[i]!));
  const weekdays = new Set([...sets[4]!].map((d) => d % 7));
  return {
    minutes: sets[0]!,
    hours: sets[1]!,
    days: sets[2]!,
    months: sets[3]!,
    weekdays,
    daysRestricted: !parts[2]!.startsWith('*'),
    weekdaysRestricted: !parts[4]!.startsWith('*'),
  };
}

/** Whether the schedule fires in the minute of `at` (local time, as cron reads it). */
export function cronMatches(schedule: CronSchedule, at: Date): boolean {
  if (!schedule.minutes.has(at.getMinutes()) || !schedule.hours.has(at.getHours())) return false;
  if (!schedule.months.has(at.getMonth() + 1)) return false;
  const day = schedule.days.has(at.getDate());
  const weekday = schedule.weekdays.has(at.getDay());
  if (schedule.daysRestricted && schedule.weekdaysRestricted) return day || weekday;
  return day && weekday;
}

function parseField(text: string, spec: FieldSpec): Set<number> {
  const values = new Set<number>();
  for (const item of text.split(',')) {
    const [range, stepText, extra] = item.split('/');
    if (extra !== undefined || range === undefined || range === '')
      throw new CronSyntaxError(`${spec.name}: "${item}" is not a value, range or step`);
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!/^\d+$/.test(stepText ?? '1') || step < 1)
      throw new CronSyntaxError(`${spec.name}: step "${stepText}" must be a whole number of at least 1`);
    let from: number;
    let to: number;
    if (range === '*') [from, to] = [spec.min, spec.max];
    else {
      const bounds = range.split('-');
      if (bounds.length > 2) throw new CronSyntaxError(`${spec.name}: "${range}" is not a range`);
      from = value(bounds[0]!, spec);
      // "5/15" means from 5 to the end, as in cron.
      to = bounds[1] !== undefined ? value(bounds[1], spec) : stepText !== undefined ? spec.max : from;
      if (from > to) throw new CronSyntaxError(`${spec.name}: range "${range}" runs backwards`);
    }
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

function value(text: string, spec: FieldSpec): number {
  const named = spec.names?.indexOf(text.toLowerCase()) ?? -1;
  const n = named >= 0 ? named + (spec.min === 1 ? 1 : 0) : /^\d+$/.test(text) ? Number(text) : NaN;
  if (Number.isNaN(n)) throw new CronSyntaxError(`${spec.name}: "${text}" is not a number`);
  if (n < spec.min || n > spec.max)
    throw new CronSyntaxError(`${spec.name}: ${n} is outside ${spec.min}-${spec.max}`);
  return n;
}

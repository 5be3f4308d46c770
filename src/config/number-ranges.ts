import { z } from 'zod';
import { UsageError } from '../errors.js';

/**
 * Every number a user gives, by flag or config key, has a range, checked where it is read
 * (exit 2). Without one, `worker --concurrency 1e9` grew without end, a `notify.timeout` past
 * Node's timer limit (2^31-1 ms) fired after 1 ms, and `--retries 1e12` reached PostgreSQL. The
 * upper bounds are far above any real need and below what the machinery under them accepts
 * (pg-boss: a poll of 0.5 s or more, a cron check of 1 to 45 s, an expiry under 24 hours).
 * docs/config.md lists this table (config-reference.ts), with the flags the CLI gives each by.
 */
export interface NumberRange {
  /** Its config key, when the config file can give it (the CLI names its flags: docs/config.md). */
  key?: string;
  min: number;
  max: number;
  whole: boolean;
  unit?: string;
}

const HOUR = 3600;
const DAY = 86_400;

export const NUMBER_RANGES = {
  maxAttempts: { key: 'max_attempts', min: 1, max: 100, whole: true },
  maxRetryTime: {
    key: 'max_retry_time',
    min: 0,
    max: DAY,
    whole: false,
    unit: 'seconds',
  },
  timeout: { key: 'timeout', min: 0.001, max: DAY, whole: false, unit: 'seconds' },
  maxPayloadBytes: {
    key: 'max_payload_bytes',
    min: 1,
    max: 2 ** 30,
    whole: true,
    unit: 'bytes',
  },
  keepRuns: { key: 'keep_runs', min: 1, max: 10_000, whole: true },
  erosionDays: { key: 'guards.erosion_days', min: 1, max: 366, whole: true, unit: 'days' },
  maxInputBytes: {
    key: 'max_input_bytes',
    min: 1,
    max: 2 ** 40,
    whole: true,
    unit: 'bytes',
  },
  maxInflatedBytes: {
    key: 'max_inflated_bytes',
    min: 1,
    max: 2 ** 40,
    whole: true,
    unit: 'bytes',
  },
  maxSharedStrings: { key: 'max_shared_strings', min: 1, max: 1e9, whole: true },
  maxCells: { key: 'max_cells', min: 1, max: 1e10, whole: true },
  maxCellChars: { key: 'max_cell_chars', min: 1, max: 1e8, whole: true },
  notifyTimeout: { key: 'notify.timeout', min: 0.001, max: 600, whole: false, unit: 'seconds' },
  notifyAttempts: { key: 'notify.max_attempts', min: 1, max: 10, whole: true },
  concurrency: { min: 1, max: 64, whole: true },
  graceSeconds: { min: 0.001, max: DAY, whole: false, unit: 'seconds' },
  heldRetrySeconds: { min: 1, max: DAY, whole: true, unit: 'seconds' },
  pollSeconds: { min: 0.5, max: HOUR, whole: false, unit: 'seconds' },
  superviseSeconds: { min: 1, max: HOUR, whole: true, unit: 'seconds' },
  schedulePollSeconds: {
    min: 0.5,
    max: HOUR,
    whole: false,
    unit: 'seconds',
  },
  cronSeconds: { min: 1, max: 45, whole: true, unit: 'seconds' },
  retries: { min: 0, max: 100, whole: true },
  retryDelay: { min: 0, max: DAY, whole: true, unit: 'seconds' },
  expireSeconds: { min: 1, max: DAY - 1, whole: true, unit: 'seconds' },
  historyLimit: { min: 1, max: 10_000, whole: true },
  rollbackSteps: { min: 1, max: 10_000, whole: true },
  sandboxPort: { min: 0, max: 65_535, whole: true },
} as const satisfies Record<string, NumberRange>;

/** "a whole number from 1 to 64", "from 0.5 to 3600 seconds". */
export function rangeText(range: NumberRange): string {
  const span = `${range.whole ? 'a whole number ' : ''}from ${range.min} to ${range.max}`;
  return range.unit ? `${span} ${range.unit}` : span;
}

/** `value` if it is in range; else a UsageError (exit 2) naming `where` (a flag, or a key and file). */
export function checkNumber(where: string, value: number, range: NumberRange): number {
  const fits =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!range.whole || Number.isInteger(value)) &&
    value >= range.min &&
    value <= range.max;
  if (!fits) throw new UsageError(`${where} must be ${rangeText(range)}, got ${String(value)}`);
  return value;
}

/** The zod schema of a config key with this range; its JSON Schema carries the bounds (docs/config.md). */
export function rangedNumber(range: NumberRange) {
  const message = `must be ${rangeText(range)}`;
  const number = range.whole ? z.number().int({ error: message }) : z.number();
  return number.min(range.min, { error: message }).max(range.max, { error: message });
}

import { UsageError } from '../errors.js';
import { DEFAULT_INPUT_LIMITS, INPUT_LIMIT_NAMES, type InputLimits } from '../extract/input-limits.js';

/** `--max-input-bytes` and friends, as yargs gives them (absent: the config's, then the default). */
export interface InputLimitArgs {
  'max-input-bytes'?: number;
  'max-inflated-bytes'?: number;
  'max-shared-strings'?: number;
  'max-cells'?: number;
  'max-cell-chars'?: number;
}

const LIMITS = Object.keys(DEFAULT_INPUT_LIMITS) as (keyof InputLimits)[];

/**
 * The limits given on the command line, over those of the config target (snake_case keys); each a
 * whole number of at least 1. Absent ones are left out (the extractors use the defaults).
 */
export function resolveInputLimits(args: InputLimitArgs, config: object = {}): Partial<InputLimits> {
  const flags = args as Readonly<Record<string, unknown>>;
  const keys = config as Readonly<Record<string, unknown>>;
  const limits: Partial<InputLimits> = {};
  for (const limit of LIMITS) {
    const { flag, key } = INPUT_LIMIT_NAMES[limit];
    const fromFlag = flags[flag.slice(2)];
    const value = fromFlag ?? keys[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      const where = fromFlag !== undefined ? flag : `${key} in the config target`;
      throw new UsageError(`${where} must be a whole number of at least 1, got ${String(value)}`);
    }
    limits[limit] = value;
  }
  return limits;
}

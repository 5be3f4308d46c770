import { DEFAULT_INPUT_LIMITS, INPUT_LIMIT_NAMES, type InputLimits } from '../extract/input-limits.js';
import { checkNumber, NUMBER_RANGES } from './number-ranges.js';

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
 * whole number in its range (number-ranges.ts). Absent ones are left out (the extractors use the defaults).
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
    const where = fromFlag !== undefined ? flag : `${key} in the config target`;
    limits[limit] = checkNumber(where, value as number, NUMBER_RANGES[limit]);
  }
  return limits;
}

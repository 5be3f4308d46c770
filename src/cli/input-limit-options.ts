import type { Argv } from 'yargs';
import { DEFAULT_INPUT_LIMITS, type InputLimits } from '../extract/input-limits.js';

/** `--max-input-bytes` and friends, as yargs gives them (absent: the config's, then the default). */
export interface InputLimitArgs {
  'max-input-bytes'?: number;
  'max-inflated-bytes'?: number;
  'max-shared-strings'?: number;
  'max-cells'?: number;
  'max-cell-chars'?: number;
}

/** Each limit's flag (FLAG_NAMES spells them with their dashes for messages). */
export const LIMIT_FLAGS: Readonly<Record<keyof InputLimits, keyof InputLimitArgs>> = {
  maxInputBytes: 'max-input-bytes',
  maxInflatedBytes: 'max-inflated-bytes',
  maxSharedStrings: 'max-shared-strings',
  maxCells: 'max-cells',
  maxCellChars: 'max-cell-chars',
};

const DESCRIPTIONS: Record<keyof InputLimits, string> = {
  maxInputBytes: 'Largest input file, in bytes',
  maxInflatedBytes: 'Largest decompressed part of an .xlsx, in bytes',
  maxSharedStrings: 'Most shared strings in an .xlsx',
  maxCells: 'Most cells in one sheet of an .xlsx',
  maxCellChars: 'Most characters in one .xlsx cell',
};

const LIMITS = Object.keys(DEFAULT_INPUT_LIMITS) as (keyof InputLimits)[];

export function withInputLimitOptions<T>(yargs: Argv<T>): Argv<T & InputLimitArgs> {
  let out = yargs;
  for (const limit of LIMITS) {
    out = out.option(LIMIT_FLAGS[limit], {
      type: 'number',
      describe: `${DESCRIPTIONS[limit]} (default ${DEFAULT_INPUT_LIMITS[limit]})`,
    });
  }
  return out as Argv<T & InputLimitArgs>;
}

/** The limits given as flags, in domain names (unchecked: resolveInputLimits checks them). */
export function limitsFromFlags(args: InputLimitArgs): Partial<InputLimits> {
  const limits: Partial<InputLimits> = {};
  for (const limit of LIMITS) {
    const value = args[LIMIT_FLAGS[limit]];
    if (value !== undefined) limits[limit] = value;
  }
  return limits;
}

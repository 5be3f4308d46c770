import type { Argv } from 'yargs';
import type { InputLimitArgs } from '../config/input-limit-args.js';
import { DEFAULT_INPUT_LIMITS, INPUT_LIMIT_NAMES, type InputLimits } from '../extract/input-limits.js';

export type { InputLimitArgs } from '../config/input-limit-args.js';

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
    out = out.option(INPUT_LIMIT_NAMES[limit].flag.slice(2), {
      type: 'number',
      describe: `${DESCRIPTIONS[limit]} (default ${DEFAULT_INPUT_LIMITS[limit]})`,
    });
  }
  return out as Argv<T & InputLimitArgs>;
}

import { InvalidInputError } from '../errors.js';

/**
 * Bounds on what one input may cost, so a hostile or broken file ends in one clear line (exit 2)
 * instead of a hang or an out-of-memory crash. Every limit is overridable: `--max-input-bytes` and
 * friends on the command line, `max_input_bytes` and friends in a config target.
 */
export interface InputLimits {
  /** Size of an input file on disk. */
  maxInputBytes: number;
  /** Decompressed size of any one part of an .xlsx (a zip): a deflate bomb stops here. */
  maxInflatedBytes: number;
  /** Entries of an .xlsx's shared-strings table (the reader keeps them all in memory: shared-strings.ts). */
  maxSharedStrings: number;
  /** Non-empty cells read from one sheet. */
  maxCells: number;
  /** Characters in one cell or shared string (Excel's own limit is 32,767). */
  maxCellChars: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_INPUT_LIMITS: Readonly<InputLimits> = Object.freeze({
  maxInputBytes: 256 * MiB,
  maxInflatedBytes: 256 * MiB,
  maxSharedStrings: 1_000_000,
  maxCells: 10_000_000,
  maxCellChars: 32_767,
});

/** How each limit is named on the command line and in the config file, for messages and hints. */
export const INPUT_LIMIT_NAMES: Readonly<Record<keyof InputLimits, { flag: string; key: string }>> = {
  maxInputBytes: { flag: '--max-input-bytes', key: 'max_input_bytes' },
  maxInflatedBytes: { flag: '--max-inflated-bytes', key: 'max_inflated_bytes' },
  maxSharedStrings: { flag: '--max-shared-strings', key: 'max_shared_strings' },
  maxCells: { flag: '--max-cells', key: 'max_cells' },
  maxCellChars: { flag: '--max-cell-chars', key: 'max_cell_chars' },
};

/** 1234567 -> "1,234,567", for messages. */
export const count = (n: number): string => n.toLocaleString('en-US');

export function inputLimits(given: Partial<InputLimits> | undefined): InputLimits {
  return { ...DEFAULT_INPUT_LIMITS, ...given };
}

/** An input went past one of the limits; `limit` says which (decide by it, not by the message). */
export class InputLimitError extends InvalidInputError {
  readonly limit: keyof InputLimits;
  /** `detail` says what was found against the limit, e.g. "more than 1,000,000 shared strings". */
  constructor(file: string, limit: keyof InputLimits, detail: string) {
    const { flag } = INPUT_LIMIT_NAMES[limit];
    super(`${file}: ${detail} (the limit: ${flag})`, {
      hint: `if the file is genuine, raise the limit with ${flag} (or ${INPUT_LIMIT_NAMES[limit].key} in the config target)`,
    });
    this.limit = limit;
  }
}

import { InvalidInputError, withWords } from '../errors.js';
import { OPTION_NAMES, type SettingNames } from '../model/setting-names.js';

/**
 * Bounds on what one input may cost, so a hostile or broken file ends in one clear line (exit 2)
 * instead of a hang or an out-of-memory crash. Every limit is overridable: by the caller (a flag of
 * the command line, `limits` of the library) and by `max_input_bytes` and friends in a config target.
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

/** Each limit's key in a config target, for hints (the config file is the same for every caller). */
export const INPUT_LIMIT_KEYS: Readonly<Record<keyof InputLimits, string>> = {
  maxInputBytes: 'max_input_bytes',
  maxInflatedBytes: 'max_inflated_bytes',
  maxSharedStrings: 'max_shared_strings',
  maxCells: 'max_cells',
  maxCellChars: 'max_cell_chars',
};

/** How a caller names the limits in messages (the CLI its flags, the library `limits.maxCells`...). */
export type InputLimitNames = Pick<SettingNames, keyof InputLimits>;

/** 1234567 -> "1,234,567", for messages. */
export const count = (n: number): string => n.toLocaleString('en-US');

export function inputLimits(given: Partial<InputLimits> | undefined): InputLimits {
  return { ...DEFAULT_INPUT_LIMITS, ...given };
}

/**
 * An input went past one of the limits; `limit` says which (decide by it, not by the message).
 * The extractors that find it know no caller: it names the limit as the library does, and the
 * stage that runs them for a caller words it with the caller's names (inCallersWords).
 */
export class InputLimitError extends InvalidInputError {
  readonly limit: keyof InputLimits;
  /** The input that went past it. */
  readonly file: string;
  /** What was found against the limit, e.g. "more than 1,000,000 shared strings". */
  readonly detail: string;
  constructor(file: string, limit: keyof InputLimits, detail: string) {
    const words = (names: InputLimitNames) => ({
      message: `${file}: ${detail} (the limit: ${names[limit]})`,
      hint: `if the file is genuine, raise the limit with ${names[limit]} (or ${INPUT_LIMIT_KEYS[limit]} in the config target)`,
    });
    const first = words(OPTION_NAMES);
    super(first.message, { hint: first.hint });
    withWords(this, (names) => words(names as InputLimitNames));
    this.limit = limit;
    this.file = file;
    this.detail = detail;
  }
}

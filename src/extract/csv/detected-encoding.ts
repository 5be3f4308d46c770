import type { CsvEncoding } from './encoding-labels.js';
import type { Reading } from './script-evidence.js';

/** The encoding detection chose, and why. */
export interface DetectedEncoding {
  encoding: CsvEncoding;
  /** Bytes of byte-order mark at the start of the file. */
  bomLength: number;
  /** Why this encoding, for the summary line: `only ASCII bytes`, `set by --encoding`, ... */
  reason: string;
  /** Set when the evidence does not decide: the plausible readings, best first, to ask the user. */
  candidates?: Reading[];
}

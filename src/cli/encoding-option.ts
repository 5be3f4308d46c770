import type { Argv } from 'yargs';
import { ENCODING_NAMES, normalizeEncoding } from '../extract/csv/detect-encoding.js';
import { UsageError } from '../errors.js';

export interface EncodingArgs {
  encoding?: string;
}

/**
 * `--encoding`: read every CSV and JSON input in this encoding instead of detecting it (or of
 * the mapping's `encoding:`). Checked before any work, so a typo is one usage line, exit 2.
 */
export function withEncodingOption<T>(yargs: Argv<T>): Argv<T & EncodingArgs> {
  return yargs
    .option('encoding', {
      type: 'string',
      describe: `Read CSV and JSON inputs in this encoding, not the detected one: ${ENCODING_NAMES}`,
    })
    .check((argv) => {
      const value: unknown = argv.encoding;
      if (value === undefined) return true;
      if (Array.isArray(value))
        throw new UsageError(`--encoding was given ${value.length} times; it takes one value`);
      if (typeof value !== 'string' || normalizeEncoding(value) === undefined)
        throw new UsageError(
          `--encoding ${String(value)} is not an encoding menusync reads: use ${ENCODING_NAMES}`,
        );
      return true;
    }) as Argv<T & EncodingArgs>;
}

import type { Argv } from 'yargs';
import { UsageError } from '../errors.js';
import { countOf } from '../plural.js';

/**
 * yargs turns a repeated option into an array, which would reach fs or path calls as a type
 * error; for an option that takes one value, naming it twice is a usage error.
 */
export function rejectRepeated<T>(yargs: Argv<T>, names: readonly string[]): Argv<T> {
  return yargs.check((argv) => {
    for (const name of names) {
      const value: unknown = argv[name];
      if (Array.isArray(value)) {
        throw new UsageError(`--${name} was given ${countOf(value.length, 'time')}; it takes one value`);
      }
    }
    return true;
  });
}

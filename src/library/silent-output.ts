import type { Output } from '../output.js';

/** The reporter of a library call that was given none: it writes nothing anywhere. */
export function silentOutput(): Output {
  const nothing = (): void => undefined;
  return {
    color: false,
    quiet: true,
    data: nothing,
    info: nothing,
    warn: nothing,
    error: nothing,
    debug: nothing,
  };
}

import type { Output } from '../output.js';
import { hideExpandedSoFar } from '../config/env-vars.js';
import { redactorOfThisRun } from '../secrets.js';

export type { Output } from '../output.js';

export interface OutputOptions {
  quiet?: boolean;
  debug?: boolean;
}

export function useColor(stream: NodeJS.WriteStream): boolean {
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  return stream.isTTY === true;
}

const paint = (on: boolean, code: number, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

/**
 * The CLI's Output: data goes to stdout, messages to stderr; both pass through redact(), and
 * messages show a value from the config's environment as its `${NAME}` (hideExpandedSoFar). Colour
 * only on a TTY and never with NO_COLOR (https://no-color.org).
 */
export function createOutput(options: OutputOptions = {}): Output {
  // Each stream decides for itself: `plan > plan.txt` on a terminal keeps colour out of the file.
  const color = useColor(process.stdout);
  const messageColor = useColor(process.stderr);
  const redact = redactorOfThisRun();
  const line = (text: string) => process.stderr.write(`${redact(hideExpandedSoFar(text))}\n`);
  return {
    color,
    quiet: options.quiet === true,
    data: (text) => process.stdout.write(redact(text.endsWith('\n') ? text : `${text}\n`)),
    info: (text) => {
      if (!options.quiet) line(text);
    },
    warn: (text) => {
      if (!options.quiet) line(paint(messageColor, 33, text));
    },
    error: (text) => line(paint(messageColor, 31, text)),
    debug: (text) => {
      if (options.debug) line(paint(messageColor, 2, text));
    },
  };
}

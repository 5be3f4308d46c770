/**
 * How a written starter tells its reader to run it. `menusync init` is a command of the command
 * line only, so these are the command line's words, given by it (cli/init-usage.ts); a starter
 * made without them leaves the lines out rather than guess how its reader runs menusync.
 */
export interface StarterUsage {
  /** The command that tries the starter on the input it was written for. */
  tryIt(input: string): string;
  /** How a run names the shipped mapping, with the detected parameters, instead of the copy. */
  shipped(mapping: string, params: Readonly<Record<string, string>>): string;
}

/** The header lines that say how to try the starter, after what the reader must check. */
export function tryItLines(check: string, input: string, usage: StarterUsage | undefined): string[] {
  return usage ? [`${check}, then try it:`, `#   ${usage.tryIt(input)}`] : [`${check}.`];
}

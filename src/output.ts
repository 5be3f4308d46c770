/**
 * Where a run's words go: data (a rendered plan, a report) and messages (info, warnings, errors,
 * debug lines). The core only ever writes through one of these, so the library writes nothing
 * unless its caller passes one; the CLI's (cli/output.ts) writes data to stdout, messages to
 * stderr, and passes both through redact().
 */
export interface Output {
  data(text: string): void;
  info(text: string): void;
  warn(text: string): void;
  error(text: string): void;
  debug(text: string): void;
  /** Whether what goes to stdout (data, e.g. a rendered plan) may be coloured. */
  color: boolean;
  quiet: boolean;
}

/**
 * Exit codes, the contract with cron jobs and scripts (documented in the README).
 */
export const ExitCode = {
  ok: 0,
  failure: 1,
  invalid: 2,
  blocked: 3,
  locked: 4,
  changes: 10,
  /** 128 + the signal's number, as shells report a process a signal stopped. */
  interrupted: 130,
  terminated: 143,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * Base of every error the tool expects. The top-level catch prints `message` (and `hint`) as one
 * line and exits with `exitCode`; anything that is not a MenusyncError is a bug and exits 1.
 * Decide by class or code, never by message text.
 */
export class MenusyncError extends Error {
  readonly exitCode: ExitCode = ExitCode.failure;
  /** What the user can do next, printed after the message. */
  hint?: string;
  constructor(message: string, options?: { cause?: unknown; hint?: string }) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = new.target.name;
    if (options?.hint) this.hint = options.hint;
  }
}

/** A caller's names of its settings (model/setting-names.ts SettingNames; this file imports no folder). */
export type CallerNames = Readonly<Record<string, string>>;

/** An error's message and hint, for a caller's names of the settings it names. */
export type SettingWords = (names: CallerNames) => { message: string; hint?: string };

/**
 * An error made where no caller is known (an extractor meeting an input limit, a state that cannot
 * be written or opened) names its settings as the library does, and carries its `words`; where
 * the caller's names are known (a mapping run, a target's run, the CLI's top-level catch) this
 * words it again with them: `--max-cells` for the CLI. Any other error passes unchanged.
 */
export function inCallersWords(error: unknown, names: CallerNames): unknown {
  const wordsOf = error instanceof MenusyncError ? WORDS.get(error) : undefined;
  if (wordsOf && error instanceof MenusyncError) {
    const words = wordsOf(names);
    error.message = words.message;
    if (words.hint !== undefined) error.hint = words.hint;
  }
  return error;
}

/**
 * The words of the errors that name settings, kept beside them rather than on them: the error
 * classes are public (the library's), their shape stays message, hint and exit code.
 */
const WORDS = new WeakMap<MenusyncError, SettingWords>();

/** Gives `error` the words inCallersWords uses; returns it. */
export function withWords<E extends MenusyncError>(error: E, words: SettingWords): E {
  WORDS.set(error, words);
  return error;
}

/** Bad command line: unknown option values, missing required inputs. */
export class UsageError extends MenusyncError {
  override readonly exitCode = ExitCode.invalid;
}

/** Bad config file, mapping file or input data. */
export class InvalidInputError extends MenusyncError {
  override readonly exitCode = ExitCode.invalid;
}

/** A safety guard refused the change. */
export class GuardBlockedError extends MenusyncError {
  override readonly exitCode = ExitCode.blocked;
}

/** A report file the run could not write (the disk filled up since the paths were checked, say). */
export class ReportWriteError extends MenusyncError {}

/** Another live process holds the target's lock. */
export class LockHeldError extends MenusyncError {
  override readonly exitCode = ExitCode.locked;
}

/**
 * The run was cancelled (an AbortSignal, or the CLI's SIGINT/SIGTERM): it ended as a failed run
 * does, its lock released and its snapshot where it was unless the platform had confirmed. Exit
 * 130 (SIGINT's), or 143 when SIGTERM stopped it.
 */
export class RunCancelledError extends MenusyncError {
  override readonly exitCode: ExitCode;
  constructor(message: string, options?: { cause?: unknown; hint?: string; signal?: 'SIGINT' | 'SIGTERM' }) {
    super(message, options);
    this.exitCode = options?.signal === 'SIGTERM' ? ExitCode.terminated : ExitCode.interrupted;
  }
}

/** The error a cancelled run ends with: the signal's own reason when it is one, else a plain one. */
export function cancelledError(signal: AbortSignal): RunCancelledError {
  if (signal.reason instanceof RunCancelledError) return signal.reason;
  return new RunCancelledError('cancelled: the run was stopped by its AbortSignal', { cause: signal.reason });
}

/** Between a run's stages: throws cancelledError once the signal is aborted. */
export function checkCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelledError(signal);
}

import { MenusyncError, withWords } from '../errors.js';
import { OPTION_NAMES } from '../model/setting-names.js';

/**
 * Where the import stood when a state write failed: that is what the user must know first
 * (did the menu change?), and it decides what the next run does.
 */
export type ImportState = 'not-sent' | 'applied-not-recorded' | 'applied-recorded';

const REASONS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'a file stands where a folder is needed',
  EISDIR: 'a folder stands where a file is needed',
  EIO: 'input/output error',
};

/** What to do, naming the state setting as the caller does (`state` until the caller words it). */
const HINTS: Record<string, (state: string) => string> = {
  ENOSPC: (state) => `free space on the file system of the state folder (${state}), then run again`,
  EDQUOT: (state) => `free space within the quota of the state folder (${state}), then run again`,
  EROFS: (state) =>
    `the state folder is on a read-only file system: point ${state} (or state_dir) at a writable folder`,
};

const CONSEQUENCES: Record<ImportState, string> = {
  'not-sent': 'nothing was sent to the platform',
  'applied-not-recorded':
    'the platform applied the import but this run could not record it: the target stays marked uncertain and the next apply sends the whole menu as a replace',
  'applied-recorded':
    "the platform applied the import and the snapshot moved; only the run's history is incomplete",
};

/**
 * A file or folder of the state folder could not be written (disk full, read-only file system,
 * permissions). Names the path and the system's code, and, once the apply knows it, whether the
 * import was sent.
 */
export class StateWriteError extends MenusyncError {
  constructor(
    readonly path: string,
    /** The system error code: ENOSPC, EROFS, ... */
    readonly code: string,
    readonly importState: ImportState | undefined,
    cause: unknown,
  ) {
    const consequence = importState ? `; ${CONSEQUENCES[importState]}` : '';
    const message = `cannot write ${path}: ${REASONS[code] ?? 'system error'} (${code})${consequence}`;
    const hint = HINTS[code];
    super(message, { cause, ...(hint ? { hint: hint(OPTION_NAMES.state) } : {}) });
    // Written deep in a store, where no caller is known: the caller's names come later (errors.ts).
    if (hint) withWords(this, (names) => ({ message, hint: hint(names.state ?? OPTION_NAMES.state) }));
  }

  /** The same failure, now saying where the import stood (kept if it says so already). */
  during(importState: ImportState): StateWriteError {
    if (this.importState) return this;
    return new StateWriteError(this.path, this.code, importState, this.cause);
  }
}

/** A system error (one with a code: ENOSPC, EROFS, ...) of a write to `file` as a StateWriteError. */
export function asStateWriteError(error: unknown, file: string): unknown {
  if (error instanceof StateWriteError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? new StateWriteError(file, code, undefined, error) : error;
}

/** Adds where the import stood to a state write failure; other errors pass unchanged. */
export function duringImport(error: unknown, importState: ImportState): unknown {
  return error instanceof StateWriteError ? error.during(importState) : error;
}

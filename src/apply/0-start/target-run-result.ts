import { ExitCode, MenusyncError } from '../../errors.js';
import type { RunReport } from '../../report/types.js';

/**
 * How one target's plan or apply ended, as data: what a fleet lists and a worker process returns.
 * It never holds a secret; `error` is kept for the single-target command, which rethrows it so the
 * top-level catch prints it as today.
 */
export interface TargetRunResult {
  /** The exit code this target alone would have had. */
  exit: ExitCode;
  /** Present once the run got as far as a plan (a blocked, cancelled or failed apply has one too). */
  report?: RunReport;
  /** The target's own report file (an apply's runs/<id>/report.html), when one was written. */
  reportFile?: string;
  /** The run's id in the target's history (an apply that got as far as a run). */
  runId?: string;
  error?: unknown;
  /** One line per error when the run ended before its report (no config inputs, bad credentials). */
  errorText?: string;
  ms: number;
}

/** The exit code an error stands for: by class (ExitCode in errors.ts), anything unexpected is 1. */
export function exitCodeOf(error: unknown): ExitCode {
  return error instanceof MenusyncError ? error.exitCode : ExitCode.failure;
}

/** The error as one line, with its hint: what the top-level catch would have printed. */
export function errorLine(error: unknown): string {
  if (error instanceof MenusyncError)
    return `${error.message.split('\n').join('; ')}${error.hint ? ` (${error.hint})` : ''}`;
  return `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}

import type { Checkpoint } from '../state/checkpoint.js';

/**
 * What a program that runs the CLI in its own process (run() in main.ts) may pass besides the
 * arguments: yargs merges it into every command's arguments, so no flag or environment variable
 * can set it. The crash-safety tests pass a checkpoint that stops the process at a named point.
 */
export interface CliContext {
  checkpoint?: Checkpoint;
}

/** The context's checkpoint as options for openStateStore and runApplyTarget ({} without one). */
export function checkpointOf(context: CliContext): { checkpoint?: Checkpoint } {
  return context.checkpoint ? { checkpoint: context.checkpoint } : {};
}

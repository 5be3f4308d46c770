// 'menusync/internal': hooks for menusync's own tests, with no stability promise (docs/library.md,
// "The internal entry"). Anything here may change or go in any release; programs use 'menusync'.
// The crash checkpoint lets a test stop an apply at an exact point (before the import is sent,
// before the snapshot moves, ...) and kill the process there.
export { applyWithHooks, type ApplyHooks } from './apply.js';
export { openStateWithHooks } from './open-state.js';
export type { Checkpoint, CheckpointName } from '../state/checkpoint.js';

import type { Output } from '../output.js';
import type { Checkpoint } from '../state/checkpoint.js';
import { openStateStore } from '../state/open-store.js';
import type { StateStore } from '../state/store.js';
import { DEFAULT_STATE_DIR } from '../state/target.js';

export interface OpenStateOptions {
  /** Where the store's notices go; without one, nothing is written. */
  reporter?: Output;
}

/**
 * The state a plan or apply compares with and moves forward: a folder (default .menusync in the
 * working directory) or a postgres:// URL. The caller closes it (`store.close()`).
 */
export function openState(
  spec: string = DEFAULT_STATE_DIR,
  options: OpenStateOptions = {},
): Promise<StateStore> {
  return openStateWithHooks(spec, options);
}

/** `openState` with the crash-checkpoint hook of the tests: 'menusync/internal' only (internal.ts). */
export function openStateWithHooks(
  spec: string = DEFAULT_STATE_DIR,
  options: OpenStateOptions & { checkpoint?: Checkpoint } = {},
): Promise<StateStore> {
  const reporter = options.reporter;
  return openStateStore(spec, {
    notice: reporter ? (message) => reporter.info(message) : () => undefined,
    ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
  });
}

/** The run's store: the one passed, or one opened for the run and closed after it. */
export async function withStore<T>(
  state: string | StateStore | undefined,
  options: OpenStateOptions & { checkpoint?: Checkpoint },
  work: (store: StateStore) => Promise<T>,
): Promise<T> {
  if (state !== undefined && typeof state !== 'string') return work(state);
  const store = await openStateWithHooks(state, options);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

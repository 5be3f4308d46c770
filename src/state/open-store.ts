import { localStateStore } from './local/local-store.js';
import type { StateStore } from './store.js';

/**
 * The store a `--state` value names: a folder path (the default backend), or a
 * postgres:// URL (src/state/postgres/).
 */
export async function openStateStore(spec: string): Promise<StateStore> {
  return localStateStore(spec);
}

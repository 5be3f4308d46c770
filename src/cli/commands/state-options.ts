import { openStateStore } from '../../state/open-store.js';
import type { StateStore } from '../../state/store.js';
import { DEFAULT_STATE_DIR } from '../../state/target.js';

/**
 * Which state a command uses: `--state`, else the config's `state:` (when the caller has a config),
 * else MENUSYNC_STATE, else the default folder. A folder path or a postgres:// URL.
 */
export function stateSpec(
  option: string | undefined,
  configured?: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return option ?? configured ?? (env.MENUSYNC_STATE || DEFAULT_STATE_DIR);
}

/** Opens a store for one command and closes it whatever the command does. */
export async function withStore<T>(spec: string, work: (store: StateStore) => Promise<T>): Promise<T> {
  const store = await openStateStore(spec);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

export const STATE_OPTION_TEXT = `State: a folder (default ${DEFAULT_STATE_DIR}/) or postgres://USER@HOST:PORT/DB[?schema=NAME] (env MENUSYNC_STATE)`;

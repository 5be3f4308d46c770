import { loadConfig } from '../config/load-config.js';
import { resolveStateSpec } from '../config/state-location.js';
import { openStateStore } from '../state/open-store.js';
import type { StateStore } from '../state/store.js';

/**
 * Which state `state list` shows: the one plan and apply would use (config/state-location.ts):
 * --state, then MENUSYNC_STATE, then the config file's `state:`, then .menusync/ beside it or here.
 */
export async function stateSpec(
  args: { state?: string | undefined; config?: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Promise<string> {
  const given = args.state ?? env.MENUSYNC_STATE;
  if (given) return resolveStateSpec({ flag: given, config: null });
  return resolveStateSpec({ config: await loadConfig(args.config, cwd) });
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

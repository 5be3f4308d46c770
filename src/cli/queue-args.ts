import { CONFIG_FILE, loadConfig, type LoadedConfig } from '../config/load-config.js';
import { resolveStateSpec } from '../config/state-location.js';
import { UsageError } from '../errors.js';
import type { QueueArgs } from './queue-options.js';

/** The config (required) and the state URL, as a fleet run would resolve them. */
export async function resolveQueueArgs(args: QueueArgs): Promise<{ loaded: LoadedConfig; stateUrl: string }> {
  const loaded = await loadConfig(args.config);
  if (!loaded) throw new UsageError(`the workers' queue needs a config file (${CONFIG_FILE} or --config)`);
  const stateUrl = resolveStateSpec({ flag: args.state, env: process.env.MENUSYNC_STATE, config: loaded });
  return { loaded, stateUrl };
}

import type { LoadedConfig } from '../config/load-config.js';
import { resolveStateSpec } from '../config/state-location.js';

/** Fleet reports are kept with the targets' state: a state folder, or a postgres:// URL. */
export function fleetStateSpec(
  loaded: LoadedConfig,
  stateFlag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return resolveStateSpec({ flag: stateFlag, env: env.MENUSYNC_STATE, config: loaded });
}

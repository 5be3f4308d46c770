import path from 'node:path';
import type { LoadedConfig } from '../config/load-config.js';
import { resolveStateSpec } from '../config/state-location.js';
import { DEFAULT_STATE_DIR, isStateUrl } from '../state/target.js';

/** Fleet reports go beside the targets' state; a database store has no folder: beside the config. */
export function fleetReportRoot(
  loaded: LoadedConfig,
  stateFlag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const stateRoot = resolveStateSpec({ flag: stateFlag, env: env.MENUSYNC_STATE, config: loaded });
  return isStateUrl(stateRoot) ? path.join(path.dirname(loaded.file), DEFAULT_STATE_DIR) : stateRoot;
}

import path from 'node:path';
import { DEFAULT_STATE_DIR, isStateUrl } from '../state/target.js';
import type { LoadedConfig } from './load-config.js';

export interface StateSources {
  /** --state */
  flag?: string | undefined;
  /** MENUSYNC_STATE */
  env?: string | undefined;
  /** The config target's state_dir, already made absolute against the config file. */
  targetStateDir?: string | undefined;
  config: LoadedConfig | null;
}

/**
 * Where plan and apply keep state: --state, then MENUSYNC_STATE, then the target's state_dir,
 * then the config's top-level `state:`, then .menusync/ beside the config file, then ./.menusync.
 * With a config file the state belongs to it, not to wherever cron happened to start the run Folders are returned as given or made absolute against the config file; a URL is
 * returned untouched (the store resolves and names it, without its password).
 */
export function resolveStateSpec(sources: StateSources): string {
  const given = [sources.flag, sources.env, sources.targetStateDir].find(
    (spec) => spec !== undefined && spec !== '',
  );
  if (given !== undefined) return given;
  if (!sources.config) return DEFAULT_STATE_DIR;
  const base = path.dirname(sources.config.file);
  const configured = sources.config.config.state;
  if (configured === undefined) return path.join(base, DEFAULT_STATE_DIR);
  return isStateUrl(configured) ? configured : path.resolve(base, configured);
}

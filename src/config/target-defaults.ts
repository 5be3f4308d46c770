import type { MenusyncConfig, TargetConfig } from './schema.js';
import { withoutPrototype } from '../model/named-record.js';

/**
 * Each target with the config's `defaults:` under it: a key the target sets wins, and `guards` and
 * `params` are merged key by key (a target that only adds a protect list keeps the shared limit).
 */
export function withTargetDefaults(config: MenusyncConfig): MenusyncConfig {
  const shared = config.defaults;
  if (!shared) return config;
  const targets = withoutPrototype<TargetConfig>({});
  for (const [name, target] of Object.entries(config.targets)) {
    const merged: TargetConfig = { ...shared, ...target };
    if (shared.guards || target.guards) merged.guards = { ...shared.guards, ...target.guards };
    if (shared.params || target.params)
      merged.params = withoutPrototype({ ...shared.params, ...target.params });
    targets[name] = merged;
  }
  return { ...config, targets };
}

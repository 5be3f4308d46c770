import { MenusyncError } from '../errors.js';
import { resolveMenuAddress } from '../platform/menu-address.js';
import { targetKey } from '../state/target.js';
import type { LoadedConfig } from './load-config.js';

/**
 * State key → the config targets whose menu it holds (several when they share one `menu:`). Only
 * targets whose base URL and client id the config or environment gives; one whose base URL is
 * bad is left out here (`config validate` says why).
 */
export function configNamesByStateKey(
  loaded: LoadedConfig | null,
  env: NodeJS.ProcessEnv = process.env,
): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const [name, target] of Object.entries(loaded?.config.targets ?? {})) {
    let address;
    try {
      address = resolveMenuAddress({ config: target, env });
    } catch (error) {
      if (!(error instanceof MenusyncError)) throw error;
      continue;
    }
    if (!address.baseUrl || !address.clientId) continue;
    const key = targetKey({ baseUrl: address.baseUrl, clientId: address.clientId });
    names.set(key, [...(names.get(key) ?? []), name]);
  }
  return names;
}

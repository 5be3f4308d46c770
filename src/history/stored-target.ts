import { chooseTarget } from '../apply/0-start/resolve-plan-target.js';
import type { Output } from '../output.js';
import type { RunSettings } from '../config/settings/types.js';
import { UsageError } from '../errors.js';
import type { StateStore, StoredTarget } from '../state/store.js';
import type { Target } from '../state/target.js';
import { countOf } from '../plural.js';

/**
 * The target `history` and `rollback` work on, chosen as `plan` chooses it: flags, then the config
 * target (the only one of the config file counts), then the environment; else the only target the
 * store holds. Asked of the store rather than a folder, so a PostgreSQL state works the same.
 * Unlike `plan`, no target is a usage error: there is no history of "no target".
 */
export async function resolveStoredTarget(
  settings: RunSettings,
  store: StateStore,
  out: Output,
): Promise<Target> {
  const found = await chooseTarget(settings, store, out);
  if (!Array.isArray(found)) return found;
  throw new UsageError(`which target? ${noTargetReason(found, store.location)}`, {
    hint: `pass ${settings.names.target} (a config target), or ${settings.names.baseUrl} and ${settings.names.clientId}`,
  });
}

function noTargetReason(stored: readonly StoredTarget[], location: string): string {
  if (stored.length === 0) return `${location} holds no target yet (no apply has run with this state)`;
  if (stored.length > 1) return `${location} holds ${countOf(stored.length, 'target')}`;
  return stored[0]!.target
    ? `the only target in ${location} is not the one given`
    : `the only target in ${location} does not record whose it is (written by an older menusync)`;
}

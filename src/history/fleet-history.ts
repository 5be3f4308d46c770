import type { LoadedConfig } from '../config/load-config.js';
import { resolveSettings } from '../config/settings/resolve.js';
import type { GivenSettings } from '../config/settings/types.js';
import type { SettingNames } from '../model/setting-names.js';
import type { StorePool } from '../state/store-pool.js';
import { listHistory, type HistoryEntry } from './list-history.js';

/** One line of `history --all`: a run and the config target it belongs to. */
export interface FleetHistoryEntry extends HistoryEntry {
  target: string;
}

/** Outcomes a person should see first in the morning. */
const TROUBLE = new Set(['blocked', 'failed', 'uncertain', 'cancelled']);

/**
 * The newest `perTarget` runs of each named config target, from each target's own state (as a run
 * of it would open it): blocked and failed runs first, then the newest. A target whose address the
 * config leaves to flags or the environment is looked up as a run of it would be.
 */
export async function fleetHistory(
  loaded: LoadedConfig,
  names: readonly string[],
  io: {
    given: GivenSettings;
    names?: SettingNames;
    stores: StorePool;
    perTarget: number;
    cwd?: string;
    env?: NodeJS.ProcessEnv;
  },
): Promise<FleetHistoryEntry[]> {
  const entries: FleetHistoryEntry[] = [];
  for (const name of names) {
    const settings = await resolveSettings(
      { ...io.given, target: name },
      {
        loaded,
        cwd: io.cwd ?? process.cwd(),
        ...(io.env ? { env: io.env } : {}),
        ...(io.names ? { names: io.names } : {}),
      },
    );
    const { baseUrl, clientId } = settings.connection;
    if (!baseUrl || !clientId) continue;
    const store = await io.stores.get(settings.stateDir);
    const runs = await listHistory(store.target({ baseUrl, clientId, posUid: settings.posUid }));
    for (const run of runs.slice(0, io.perTarget)) entries.push({ target: name, ...run });
  }
  return entries.sort(
    (a, b) =>
      Number(TROUBLE.has(b.outcome ?? '')) - Number(TROUBLE.has(a.outcome ?? '')) ||
      (b.startedAt ?? '').localeCompare(a.startedAt ?? ''),
  );
}

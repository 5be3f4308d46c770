import { alignedRows } from '../../display-width.js';
import { targetOverview, type TargetOverview } from '../../state/target-overview.js';
import { countOf } from '../../plural.js';
import { createOutput } from '../output.js';
import { stateSpec, withStore } from '../state-spec.js';
import { loadConfig } from '../../config/load-config.js';
import { configNamesByStateKey } from '../../config/config-target-keys.js';

export interface StateListArgs {
  state?: string;
  config?: string;
  json: boolean;
}

/** Prints every target of the state. */
export async function runStateList(args: StateListArgs): Promise<void> {
  const out = createOutput();
  // The config's target names beside each state entry: the state knows only URLs and clients.
  const names = configNamesByStateKey(await loadConfig(args.config));
  await withStore(await stateSpec(args), async (store) => {
    const targets = (await targetOverview(store)).map((t) => ({
      ...t,
      configTargets: names.get(t.key) ?? [],
    }));
    out.data(
      args.json
        ? JSON.stringify({ state: store.location, targets }, null, 2)
        : renderTargets(targets, store.location),
    );
  });
}

const COLUMNS = ['target', 'last run', 'mode', 'outcome', 'uncertain', 'locked'] as const;

export function renderTargets(
  targets: (TargetOverview & { configTargets?: string[] })[],
  location: string,
): string {
  if (targets.length === 0) return `no targets in ${location}`;
  const rows = targets.map((t) => [
    (t.configTargets?.length ? `${t.configTargets.join(', ')}: ` : '') +
      (t.baseUrl ? `${t.baseUrl} (client ${t.clientId})` : `${t.key} (whose: unknown)`),
    t.lastRunId ?? 'none',
    t.mode ?? '',
    t.outcome ?? '',
    t.uncertain ? 'yes' : 'no',
    t.locked ? 'yes' : 'no',
  ]);
  return [...alignedRows(COLUMNS, rows), `${countOf(targets.length, 'target')} in ${location}`].join('\n');
}

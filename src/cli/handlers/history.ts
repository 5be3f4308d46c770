import { FLAG_NAMES, givenFromFlags, resolveRunSettings } from '../setting-flags.js';
import { UsageError } from '../../errors.js';
import { fleetHistory } from '../../history/fleet-history.js';
import { listHistory } from '../../history/list-history.js';
import { renderHistory } from '../../history/render-history.js';
import type { StateTargetArgs } from '../state-target-flags.js';
import { resolveStoredTarget } from '../../history/stored-target.js';
import { openStateStore } from '../../state/open-store.js';
import { createStorePool } from '../../state/store-pool.js';
import { isFleetRun, targetNames, type FleetArgs } from '../fleet-options.js';
import { loadFleetConfig, selectFleet } from '../fleet-selection.js';
import type { Output } from '../output.js';
import { countOf } from '../../plural.js';
import { createOutput } from '../output.js';
import { checkNumber, NUMBER_RANGES } from '../../config/number-ranges.js';

export interface HistoryArgs extends Omit<StateTargetArgs, 'target'>, FleetArgs {
  'base-url'?: string;
  'client-id'?: string;
  limit?: number;
}

/** Prints the target's runs, newest first; of a fleet (--all, --tag), each target's newest. */
export async function runHistory(args: HistoryArgs): Promise<void> {
  const out = createOutput();
  if (args.limit !== undefined) checkNumber('--limit', args.limit, NUMBER_RANGES.historyLimit);
  if (isFleetRun(args)) return runFleetHistory(args, out);
  const one = { ...args, target: targetNames(args)[0] };
  const settings = await resolveRunSettings(one, process.cwd(), { soleTarget: true });
  const { keepRuns } = settings;
  const store = await openStateStore(settings.stateDir);
  try {
    const target = await resolveStoredTarget(settings, store, out);
    const all = await listHistory(store.target(target));
    const shown = args.limit !== undefined ? all.slice(0, args.limit) : all;
    if (args.json) {
      out.data(JSON.stringify(shown, null, 2));
      return;
    }
    if (all.length === 0) {
      out.info(`no runs recorded for this target in ${store.location}`);
      return;
    }
    out.data(renderHistory(shown));
    const points = all.filter((entry) => entry.rollbackPoint).length;
    out.info(
      `${countOf(all.length, 'run')} kept (keep_runs ${keepRuns}), ${countOf(points, 'rollback point')}: menusync rollback --to RUN_ID, or --steps N`,
    );
  } finally {
    await store.close();
  }
}

/** `history --all` / `--tag T`: each target's newest runs (--limit per target, default 1), trouble first. */
async function runFleetHistory(args: HistoryArgs, out: Output): Promise<void> {
  if (args.due) throw new UsageError('history takes --all, --tag or repeated --target, not --due');
  const loaded = await loadFleetConfig(args.config);
  const { names } = selectFleet(loaded, { ...args, all: args.all === true }, out);
  const stores = createStorePool();
  try {
    const { target: _target, ...fleetArgs } = args;
    const entries = await fleetHistory(loaded, names, {
      given: givenFromFlags(fleetArgs),
      names: FLAG_NAMES,
      stores,
      perTarget: args.limit ?? 1,
    });
    if (args.json) out.data(JSON.stringify(entries, null, 2));
    else if (entries.length === 0) out.info(`no runs recorded for ${countOf(names.length, 'target')}`);
    else out.data(renderHistory(entries));
  } finally {
    await stores.close();
  }
}

import { resolveRunSettings } from '../../config/run-settings.js';
import { listHistory } from '../../history/list-history.js';
import { renderHistory } from '../../history/render-history.js';
import { keepRunsOf, type StateTargetArgs } from '../state-target-flags.js';
import { resolveStoredTarget } from '../../history/stored-target.js';
import { openStateStore } from '../../state/open-store.js';
import { countOf } from '../../plural.js';
import { createOutput } from '../output.js';
import { checkNumber, NUMBER_RANGES } from '../../config/number-ranges.js';

export interface HistoryArgs extends StateTargetArgs {
  'base-url'?: string;
  'client-id'?: string;
  limit?: number;
}

/** Prints the target's runs, newest first. */
export async function runHistory(args: HistoryArgs): Promise<void> {
  const out = createOutput();
  if (args.limit !== undefined) checkNumber('--limit', args.limit, NUMBER_RANGES.historyLimit);
  const settings = await resolveRunSettings(args, process.cwd(), { soleTarget: true });
  const keepRuns = keepRunsOf(undefined, settings);
  const store = await openStateStore(settings.stateDir);
  try {
    const target = await resolveStoredTarget(args, settings, store, out);
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

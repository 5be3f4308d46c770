import { CONFIG_FILE, loadConfig, type LoadedConfig } from '../config/load-config.js';
import { UsageError } from '../errors.js';
import { fleetTargets } from '../fleet/config-target-run.js';
import { targetNames, type FleetArgs } from './fleet-options.js';
import type { Output } from './output.js';

/** A fleet run needs a config file: its targets are the fleet. */
export async function loadFleetConfig(file: string | undefined): Promise<LoadedConfig> {
  const loaded = await loadConfig(file);
  if (!loaded) throw new UsageError(`a fleet run needs a config file (${CONFIG_FILE} or --config)`);
  return loaded;
}

/** What a fleet runs, and the targets of those menus that share one menu (run in turns). */
export interface FleetSelection {
  names: string[];
  sharedMenus: Map<string, string>;
}

/**
 * The targets --all, --tag, --target or --due select, less the paused ones (enabled: false),
 * which are listed, never run: said even under --quiet, for the cron log.
 */
export function selectFleet(
  loaded: LoadedConfig,
  args: FleetArgs & { 'pos-uid'?: string | undefined },
  out: Output,
): FleetSelection {
  const named = targetNames(args);
  const { names: selected, sharedMenus } = fleetTargets(
    loaded,
    {
      all: args.all === true || (args.due === true && named.length === 0 && !args.tag?.length),
      names: named,
      tags: args.tag ?? [],
      ...(args.due ? { due: new Date() } : {}),
    },
    args['pos-uid'],
  );
  const paused = selected.filter((name) => loaded.config.targets[name]?.enabled === false);
  if (paused.length > 0) out.error(`paused: ${paused.join(', ')} (enabled: false in the config): not run`);
  return { names: selected.filter((name) => !paused.includes(name)), sharedMenus };
}

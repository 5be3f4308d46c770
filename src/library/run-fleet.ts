import { CONFIG_FILE, loadConfig } from '../config/load-config.js';
import { UsageError } from '../errors.js';
import {
  fleetTargets,
  inTurnsPerMenu,
  runConfigTarget,
  type FleetCommand,
} from '../fleet/config-target-run.js';
import { buildFleetReport, type FleetReport } from '../fleet/fleet-report.js';
import { runFleet as runPool, type FleetResult } from '../fleet/run-fleet.js';
import type { Output } from '../output.js';
import { withSecrets } from '../secrets.js';
import { fleetStorePool } from '../state/store-pool.js';
import { silentOutput } from './silent-output.js';

export interface FleetRunOptions {
  command: FleetCommand;
  /** The config file (menusync.config.yaml); its targets, paths and state as for the CLI. */
  config: string;
  /** Which targets: all of them, these names, or those with any of these tags (names and tags add up). */
  all?: boolean;
  targets?: string[];
  tags?: string[];
  /** Only targets whose `schedule:` fires at this moment (as --due). */
  dueAt?: Date;
  /** Targets run at once (default 4). */
  concurrency?: number;
  /** A replace that removes entities is refused unless this is true (as --yes without a terminal). */
  allowRemovals?: boolean;
  /** Each target's messages, named `[target] ...`; without one, nothing is written. */
  reporter?: Output;
  /** Where the config's targets read their credentials: `MENUSYNC_*` (default: the process's). */
  env?: NodeJS.ProcessEnv;
}

export interface FleetRunResult extends FleetResult {
  report: FleetReport;
}

/**
 * `menusync plan|apply --all` (or --target, --tag, --due) as a function: each target runs as a
 * single one would, with its own lock, state, credentials, guards and run report; targets that
 * share a platform menu in turns. Resolves to every target's entry and the fleet's report (data;
 * no file is written beyond each apply's own run folder). A config that cannot be used rejects.
 */
export function runFleet(options: FleetRunOptions): Promise<FleetRunResult> {
  return withSecrets(async () => {
    const loaded = await loadConfig(options.config);
    if (!loaded) throw new UsageError(`no config file at ${options.config} (${CONFIG_FILE})`);
    const env = options.env ?? process.env;
    const { names, sharedMenus } = fleetTargets(
      loaded,
      {
        all: options.all === true,
        names: options.targets ?? [],
        tags: options.tags ?? [],
        ...(options.dueAt ? { due: options.dueAt } : {}),
      },
      undefined,
      env,
    );
    const startedAt = new Date();
    const concurrency = options.concurrency ?? 4;
    const stores = fleetStorePool(concurrency);
    const reporter = options.reporter ?? silentOutput();
    const result = await runPool({
      names,
      concurrency,
      runTarget: inTurnsPerMenu(sharedMenus, (name) =>
        runConfigTarget(options.command, name, {
          loaded,
          given: {},
          stores,
          out: namedOutput(reporter, name),
          yes: options.allowRemovals === true,
          consent: 'pass allowRemovals: true',
          env,
        }),
      ),
    }).finally(() => stores.close());
    return { ...result, report: buildFleetReport(options.command, result, startedAt, new Date()) };
  });
}

function namedOutput(out: Output, name: string): Output {
  const named = (write: (text: string) => void) => (text: string) => write(`[${name}] ${text}`);
  return {
    color: false,
    quiet: out.quiet,
    data: named((text) => out.data(text)),
    info: named((text) => out.info(text)),
    warn: named((text) => out.warn(text)),
    error: named((text) => out.error(text)),
    debug: named((text) => out.debug(text)),
  };
}

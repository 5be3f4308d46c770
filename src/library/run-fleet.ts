import { CONFIG_FILE, loadConfig } from '../config/load-config.js';
import { UsageError } from '../errors.js';
import { runConfigFleet } from '../fleet/config-fleet-run.js';
import { fleetTargets, type FleetCommand } from '../fleet/config-target-run.js';
import { createFleetRecord } from '../fleet/fleet-files.js';
import { buildFleetReport, type FleetReport } from '../fleet/fleet-report.js';
import { fleetStateSpec } from '../fleet/fleet-state.js';
import type { FleetResult } from '../fleet/run-fleet.js';
import { endFleetRun } from '../fleet/run-effects.js';
import { RunCancelledError } from '../errors.js';
import type { Output } from '../output.js';
import { withSecrets } from '../secrets.js';
import { fleetStorePool } from '../state/store-pool.js';
import { withStore } from './open-state.js';
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
  /** Aborted: no target starts any more, running ones end cancelled; a signal aborted already rejects. */
  signal?: AbortSignal;
}

export interface FleetRunResult extends FleetResult {
  report: FleetReport;
  /** The fleet report's HTML file or database address, kept with the state (as `apply --all` keeps it). */
  reportFile: string;
  /** Webhooks (`notify:`) that could not be told, one line each; the fleet's result is unchanged. */
  warnings: string[];
}

/**
 * `menusync plan|apply --all` (or --target, --tag, --due) as a function: each target runs as a
 * single one would, with its own lock, state, credentials, guards and run report; targets that
 * share a platform menu in turns. After the run, as the CLI and the worker do (fleet/run-effects.ts):
 * each apply tells its target's `notify:`, the fleet report is kept with the targets' state
 * and the config's top-level `notify:` is told. Resolves to every target's entry and the fleet's
 * report. A config that cannot be used, or a signal aborted before the start, rejects.
 */
export function runFleet(options: FleetRunOptions): Promise<FleetRunResult> {
  return withSecrets(async () => {
    if (options.signal?.aborted) throw new RunCancelledError('the fleet was cancelled before it started');
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
    const reporter = options.reporter ?? silentOutput();
    // The fleet report is kept with the targets' state (a folder, or the database's fleet runs).
    const fleetState = fleetStateSpec(loaded, undefined, env);
    return withStore(fleetState, { reporter }, async (fleetStore) => {
      const stores = fleetStorePool(concurrency);
      const record = await createFleetRecord(fleetStore.fleetRuns(), startedAt);
      const warnings: string[] = [];
      const warn = (line: string) => {
        warnings.push(line);
        reporter.error(line);
      };
      const result = await runConfigFleet({
        command: options.command,
        names,
        sharedMenus,
        concurrency,
        stores,
        record,
        targetIo: (name) => ({
          loaded,
          given: {},
          out: namedOutput(reporter, name),
          yes: options.allowRemovals === true,
          env,
        }),
        warn,
        signal: options.signal,
      }).finally(() => stores.close());
      const report = buildFleetReport(options.command, result, startedAt, new Date());
      const { events, ...fleet } = result;
      const reportFile = await endFleetRun(report, { record, notify: loaded.config.notify, events, warn });
      return { ...fleet, report, reportFile, warnings };
    });
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

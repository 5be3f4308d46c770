import type { TargetRunResult } from '../apply/0-start/target-run-result.js';
import type { RunEvent } from '../notify/run-event.js';
import type { StorePool } from '../state/store-pool.js';
import {
  inTurnsPerMenu,
  runConfigTarget,
  type ConfigTargetIo,
  type FleetCommand,
} from './config-target-run.js';
import type { FleetRecord } from './fleet-files.js';
import { runFleet, type FleetOptions, type FleetResult } from './run-fleet.js';
import { endTargetRun } from './run-effects.js';

/** A fleet of config targets as the CLI (`--all`, `--tag`, ...) and the library's runFleet run it. */
export interface ConfigFleetOptions {
  command: FleetCommand;
  /** The selected targets, and those of them that share a platform menu (run in turns). */
  names: readonly string[];
  sharedMenus: ReadonlyMap<string, string>;
  concurrency: number;
  stores: StorePool;
  record: FleetRecord;
  /** What each target's run is given besides the stores (its messages, --yes, the environment). */
  targetIo(name: string): Omit<ConfigTargetIo, 'stores'>;
  /** A webhook that could not be told: one line. */
  warn(line: string): void;
  /** Aborted: no target starts any more, and the running ones end cancelled (as a failed run). */
  signal?: AbortSignal | undefined;
  /** Asked before each start, as FleetOptions.stopped (the CLI's signal handler). */
  stopped?(): boolean;
  onTargetStart?(name: string): void;
  /** Each target's `run_end` event, once its effects are done (the CLI's log line). */
  onTargetEnd?(event: RunEvent): void;
  onChange?: FleetOptions['onChange'];
}

/**
 * Runs the targets, at most `concurrency` at once, each as a single run of it would be, and does
 * each one's after-effects (run-effects.ts) as it ends. Resolves to every target's entry and event.
 */
export async function runConfigFleet(
  options: ConfigFleetOptions,
): Promise<FleetResult & { events: RunEvent[] }> {
  const events: RunEvent[] = [];
  const { command, signal } = options;
  const runOne = async (name: string): Promise<TargetRunResult> => {
    options.onTargetStart?.(name);
    const io = options.targetIo(name);
    const result = await runConfigTarget(command, name, {
      ...io,
      stores: options.stores,
      ...(signal ? { signal } : {}),
    });
    const ended = await endTargetRun(result, {
      command,
      name,
      notify: io.loaded.config.targets[name]?.notify,
      console: io.loaded.config.console,
      record: options.record,
      warn: options.warn,
    });
    events.push(ended.event);
    options.onTargetEnd?.(ended.event);
    return ended.result;
  };
  const result = await runFleet({
    names: options.names,
    concurrency: options.concurrency,
    stopped: () => signal?.aborted === true || options.stopped?.() === true,
    runTarget: inTurnsPerMenu(options.sharedMenus, runOne),
    ...(options.onChange ? { onChange: options.onChange } : {}),
  });
  return { ...result, events };
}

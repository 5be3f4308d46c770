import { requireYesForRemovals } from '../apply/3-confirm/confirm-removals.js';
import { refreshForPlan, type PlanRefresh } from '../apply/0-start/plan-refresh.js';
import { resolvePlanTarget } from '../apply/0-start/resolve-plan-target.js';
import { runApplyTarget, type ApplyTargetArgs } from '../apply/0-start/apply-target.js';
import { runPlanTarget, type PlanTargetArgs, type PlanTargetResult } from '../apply/0-start/plan-target.js';
import { errorLine, exitCodeOf, type TargetRunResult } from '../apply/0-start/target-run-result.js';
import { configTarget, type LoadedConfig } from '../config/load-config.js';
import { resolveSettings } from '../config/settings/resolve.js';
import type { GivenSettings } from '../config/settings/types.js';
import { OPTION_NAMES, type SettingNames } from '../model/setting-names.js';
import { inCallersWords } from '../errors.js';
import type { Output } from '../output.js';
import { resolveMenuAddress } from '../platform/menu-address.js';
import type { StorePool } from '../state/store-pool.js';
import { DEFAULT_POS_UID, type Target } from '../state/target.js';
import { checkDistinctMenus, selectTargets, type FleetSelection } from './select-targets.js';

export type FleetCommand = 'plan' | 'apply';

export interface ConfigTargetIo {
  loaded: LoadedConfig;
  /** Settings given for the whole fleet (the CLI's flags), over each target's config. */
  given: GivenSettings;
  /** How the caller names its settings in messages (default: the library's option names). */
  names?: SettingNames;
  /** What an apply or a plan is asked beyond its settings (a saved plan, the plan's exit codes). */
  apply?: ApplyTargetArgs;
  plan?: PlanTargetArgs;
  /** A plan against each target's snapshot alone, the live menus not read. */
  offline?: boolean;
  stores: StorePool;
  /** The target's own messages. */
  out: Output;
  /** Removals are allowed without anyone to ask (the CLI's --yes, the library's allowRemovals). */
  yes: boolean;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Cancels the target's run (runApplyTarget's, runPlanTarget's). */
  signal?: AbortSignal;
}

/**
 * One config target of a fleet, run as a single `plan` or `apply` of it would be: its settings,
 * its store, and for a plan the target, the live read and the plan. Never throws.
 */
export async function runConfigTarget(
  command: FleetCommand,
  name: string,
  io: ConfigTargetIo,
): Promise<TargetRunResult & Partial<PlanTargetResult>> {
  const started = performance.now();
  try {
    const settings = await resolveSettings(
      { ...io.given, target: name },
      {
        loaded: io.loaded,
        cwd: io.cwd ?? process.cwd(),
        ...(io.env ? { env: io.env } : {}),
        ...(io.names ? { names: io.names } : {}),
      },
    );
    const store = await io.stores.get(settings.stateDir);
    if (command === 'apply') {
      return await runApplyTarget(settings, io.apply ?? {}, {
        store,
        out: io.out,
        // Nobody to ask in a fleet: as without a terminal, only removals need consent.
        confirm: async (plan) => {
          requireYesForRemovals(plan, io.yes, settings.names);
          return true;
        },
        signal: io.signal,
      });
    }
    const known: Target | null = await resolvePlanTarget(settings, store, io.out);
    const refresh: PlanRefresh = await refreshForPlan(
      { offline: io.offline === true },
      settings,
      known,
      io.out,
      io.signal,
    );
    const refreshMs = Math.round(performance.now() - started);
    const planned = await runPlanTarget(settings, io.plan ?? {}, {
      store,
      out: io.out,
      known,
      refresh,
      signal: io.signal,
    });
    return { ...planned, ms: planned.ms + refreshMs };
  } catch (failure) {
    // A store that cannot be opened names the state setting as the caller does.
    const error = inCallersWords(failure, io.names ?? OPTION_NAMES);
    const ms = Math.round(performance.now() - started);
    return { exit: exitCodeOf(error), error, errorText: errorLine(error), ms };
  }
}

/**
 * Targets that share a platform menu (checkDistinctMenus' keys) run one after another, as they
 * share its lock; the others as soon as the pool lets them.
 */
export function inTurnsPerMenu(
  sharedMenus: ReadonlyMap<string, string>,
  runOne: (name: string) => Promise<TargetRunResult>,
): (name: string) => Promise<TargetRunResult> {
  const menuQueues = new Map<string, Promise<unknown>>();
  return (name) => {
    const key = sharedMenus.get(name);
    if (key === undefined) return runOne(name);
    const turn = (menuQueues.get(key) ?? Promise.resolve()).then(() => runOne(name));
    menuQueues.set(
      key,
      turn.catch(() => undefined),
    );
    return turn;
  };
}

/**
 * The config targets a fleet runs, in config order, and which of them share a platform menu
 * (refused by the config unless they say the same `menu:`; those run in turns).
 */
export function fleetTargets(
  loaded: LoadedConfig,
  selection: FleetSelection,
  posUid: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): { names: string[]; sharedMenus: Map<string, string> } {
  const names = selectTargets(loaded.config, selection);
  const sharedMenus = checkDistinctMenus(
    names.map((name) => {
      const target = configTarget(loaded, name);
      const address = resolveMenuAddress({ config: target, env });
      return {
        name,
        baseUrl: address.baseUrl,
        clientId: address.clientId,
        posUid: posUid ?? target.pos_uid ?? DEFAULT_POS_UID,
        menu: target.menu,
      };
    }),
  );
  return { names, sharedMenus };
}

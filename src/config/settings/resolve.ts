import path from 'node:path';
import { UsageError } from '../../errors.js';
import { DEFAULT_INPUT_LIMITS, type InputLimits } from '../../extract/input-limits.js';
import { RESERVED_KEY, withoutPrototype } from '../../model/named-record.js';
import { OPTION_NAMES, type SettingNames } from '../../model/setting-names.js';
import { configTarget, loadConfig, type LoadedConfig } from '../load-config.js';
import { checkNumber, NUMBER_RANGES } from '../number-ranges.js';
import type { TargetConfig } from '../schema.js';
import { resolveStateSpec } from '../state-location.js';
import { DEFAULT_KEEP_RUNS, DEFAULT_MAX_PAYLOAD_BYTES } from './defaults.js';
import { resolveConnection } from './resolve-connection.js';
import { resolveGuards } from './resolve-guards.js';
import type { GivenSettings, RunSettings } from './types.js';

export interface SettingSources {
  /** The config, already read; null: none (the library). Absent: read given.configFile or ./menusync.config.yaml. */
  loaded?: LoadedConfig | null;
  cwd?: string;
  /** MENUSYNC_*; the library passes {} (it reads no environment). Default: the process's. */
  env?: NodeJS.ProcessEnv;
  /** A config file of exactly one target needs no target name (plan, history). */
  soleTarget?: boolean;
  /** How the caller says "every target", offered when a config has several (the CLI's --all). */
  allTargets?: string;
  /** How the caller spells its settings in messages (default: the library's option names). */
  names?: SettingNames;
}

/**
 * One run's settings, resolved once: each from the first source that has it, given (the CLI's
 * flags or the library's options), the config target, the config's `defaults:` (merged into the
 * target by load-config), the environment, the built-in default. Every number is checked against
 * its range (number-ranges.ts) here, whichever source gave it.
 */
export async function resolveSettings(
  given: GivenSettings,
  sources: SettingSources = {},
): Promise<RunSettings> {
  const names = sources.names ?? OPTION_NAMES;
  const env = sources.env ?? process.env;
  // A fleet reads its config once and resolves each of its targets against it.
  const loaded =
    sources.loaded !== undefined
      ? sources.loaded
      : await loadConfig(given.configFile, sources.cwd ?? process.cwd());
  const { targetName, soleTarget } = chooseConfigTarget(given, loaded, sources, names);
  const config: TargetConfig = loaded && targetName ? configTarget(loaded, targetName) : {};
  const { params, paramDirs } = resolveParams(given, config, loaded, names);
  const mapping = given.mapping ?? config.mapping;
  return {
    ...(targetName ? { targetName } : {}),
    ...(soleTarget ? { soleTarget } : {}),
    config,
    ...(loaded?.config.console ? { console: loaded.config.console } : {}),
    ...(mapping ? { mapping } : {}),
    inputs: given.inputs && given.inputs.length > 0 ? given.inputs : (config.inputs ?? []),
    params,
    ...(given.encoding !== undefined ? { encoding: given.encoding } : {}),
    ...(given.now ? { now: given.now } : {}),
    paramDirs,
    limits: resolveInputLimits(given.limits ?? {}, config, names),
    stateDir: resolveStateSpec({
      flag: given.state,
      env: env.MENUSYNC_STATE,
      targetStateDir: config.state_dir,
      config: loaded,
    }),
    posUid: given.posUid ?? config.pos_uid ?? 'default',
    mode: given.mode ?? config.mode ?? 'auto',
    guards: resolveGuards(given.guards ?? {}, config.guards ?? {}, names),
    connection: resolveConnection(given.connection ?? {}, config, env, names),
    maxPayloadBytes: checkNumber(
      names.maxPayloadBytes,
      given.maxPayloadBytes ?? config.max_payload_bytes ?? DEFAULT_MAX_PAYLOAD_BYTES,
      NUMBER_RANGES.maxPayloadBytes,
    ),
    keepRuns: checkNumber(
      names.keepRuns,
      given.keepRuns ?? config.keep_runs ?? DEFAULT_KEEP_RUNS,
      NUMBER_RANGES.keepRuns,
    ),
    names,
  };
}

function chooseConfigTarget(
  given: GivenSettings,
  loaded: LoadedConfig | null,
  sources: SettingSources,
  names: SettingNames,
): { targetName?: string; soleTarget?: boolean } {
  if (given.target && !loaded)
    throw new UsageError(
      `${names.target} ${given.target} needs a config file (menusync.config.yaml or ${names.configFile})`,
    );
  if (given.target !== undefined) return { targetName: given.target };
  // A named target is looked up, never searched: a fleet resolves each of its targets, and listing
  // 10,000 names per call made the fleet's settings grow with the square of its size.
  const targets = loaded ? Object.keys(loaded.config.targets) : [];
  if (sources.soleTarget && targets.length === 1) return { targetName: targets[0]!, soleTarget: true };
  // Without a name, a config of several targets would leave every target key unset and the run
  // would fail later on whatever it missed first ("no platform base URL"): say what is missing.
  if (loaded && targets.length > 1)
    throw new UsageError(
      `this config has ${targets.length} targets: use ${names.target} NAME${sources.allTargets ? ` or ${sources.allTargets}` : ''}`,
      { hint: `targets of ${loaded.file}: ${targets.join(', ')}` },
    );
  return {};
}

/** The config target's params (files they name stay in the config's folder), then the given ones over them. */
function resolveParams(
  given: GivenSettings,
  config: TargetConfig,
  loaded: LoadedConfig | null,
  names: SettingNames,
): { params: Record<string, string>; paramDirs: Record<string, string> } {
  const params = withoutPrototype<string>({});
  const paramDirs = withoutPrototype<string>({});
  for (const [key, value] of Object.entries(config.params ?? {})) {
    params[key] = String(value);
    if (loaded) paramDirs[key] = path.dirname(loaded.file);
  }
  for (const [key, value] of Object.entries(given.params ?? {})) {
    if (key === RESERVED_KEY)
      throw new UsageError(`${names.params}: "${RESERVED_KEY}" cannot be a parameter name`);
    params[key] = value;
    delete paramDirs[key];
  }
  return { params, paramDirs };
}

const CONFIG_LIMIT_KEYS: Readonly<Record<keyof InputLimits, keyof TargetConfig>> = {
  maxInputBytes: 'max_input_bytes',
  maxInflatedBytes: 'max_inflated_bytes',
  maxSharedStrings: 'max_shared_strings',
  maxCells: 'max_cells',
  maxCellChars: 'max_cell_chars',
};

/** The input limits given, over the config target's; absent ones are left out (the extractors use the defaults). */
export function resolveInputLimits(
  given: Partial<InputLimits>,
  config: TargetConfig,
  names: SettingNames,
): Partial<InputLimits> {
  const limits: Partial<InputLimits> = {};
  for (const limit of Object.keys(DEFAULT_INPUT_LIMITS) as (keyof InputLimits)[]) {
    const key = CONFIG_LIMIT_KEYS[limit];
    const value = given[limit] ?? (config[key] as number | undefined);
    if (value === undefined) continue;
    const where = given[limit] !== undefined ? names[limit] : `${key} in the config target`;
    limits[limit] = checkNumber(where, value, NUMBER_RANGES[limit]);
  }
  return limits;
}

/** The mapping and inputs a run extracts, or a usage error naming how to give them. */
export function requireInputs(settings: RunSettings): { mapping: string; inputs: string[] } {
  const { names } = settings;
  if (!settings.mapping)
    throw new UsageError(`no mapping: pass ${names.mapping} (or set mapping in the config target)`);
  if (settings.inputs.length === 0)
    throw new UsageError(`no input file: pass ${names.inputs} (or set inputs in the config target)`);
  return { mapping: settings.mapping, inputs: settings.inputs };
}

import { checkNumber, NUMBER_RANGES } from './number-ranges.js';
import path from 'node:path';
import type { InputLimits } from '../extract/input-limits.js';
import { resolveInputLimits, type InputLimitArgs } from './input-limit-args.js';
import { UsageError } from '../errors.js';
import type { Allowance } from '../plan/limit.js';
import type { GuardOptions } from '../plan/types.js';
import type { UpdateMode } from '../model/import-payload.js';
import { configTarget, loadConfig, type LoadedConfig } from './load-config.js';
import { parseNow } from './run-date.js';
import { resolveStateSpec } from './state-location.js';
import type { TargetConfig, TargetGuards } from './schema.js';
import { RESERVED_KEY, withoutPrototype } from '../model/named-record.js';

/** Options shared by `plan` and `apply`: what to read, which target, which guards, which outputs. */
export interface RunArgs extends InputLimitArgs {
  config?: string;
  target?: string;
  mapping?: string;
  input?: string[];
  param?: string[];
  state?: string;
  'pos-uid'?: string;
  mode?: 'auto' | UpdateMode;
  'allow-deletes'?: string;
  'allow-hiding'?: string;
  'allow-price-changes'?: string;
  'allow-erosion'?: string;
  'erosion-days'?: number;
  'allow-empty'?: boolean;
  protect?: string[];
  json?: boolean;
  'out-json'?: string;
  'out-md'?: string;
  'out-html'?: string;
  quiet?: boolean;
  /** json: one JSON line per event on stderr, instead of the human lines (cli/run-log.ts). */
  'log-format'?: 'text' | 'json';
  encoding?: string;
  /** `--now`: the run's date for scheduled sale prices (config/run-date.ts). */
  now?: string;
}

export interface RunSettings {
  targetName?: string;
  /** The config target, paths made absolute; {} without a config. */
  config: TargetConfig;
  mapping?: string;
  inputs: string[];
  params: Record<string, string>;
  /** `--encoding`: overrides the mapping's and the detected encoding of every input. */
  encoding?: string;
  /** `--now`: the run's date for scheduled sale prices; absent: the clock at extraction. */
  now?: Date;
  /** The config's folder for each parameter the config target sets (files it names stay inside). */
  paramDirs: Record<string, string>;
  limits: Partial<InputLimits>;
  /**
   * Where the state is kept (resolveStateSpec): a folder, relative to the working directory or
   * absolute, or a postgres:// URL. Only for openStateStore: messages name store.location.
   */
  stateDir: string;
  posUid: string;
  mode: 'auto' | UpdateMode;
  guards: GuardOptions;
}

/**
 * Flags win over the config target; the config wins over defaults. With `soleTarget` (plan), a
 * config file of exactly one target needs no --target. `loaded`: the config, already read.
 */
export async function resolveRunSettings(
  args: RunArgs,
  cwd: string = process.cwd(),
  options: {
    soleTarget?: boolean;
    /** The command also runs fleets: the message about several targets offers --all. */
    fleet?: boolean;
    env?: NodeJS.ProcessEnv;
    loaded?: LoadedConfig;
  } = {},
): Promise<RunSettings> {
  // A fleet reads its config once and resolves each of its targets against it.
  const loaded = options.loaded ?? (await loadConfig(args.config, cwd));
  if (args.target && !loaded)
    throw new UsageError(`--target ${args.target} needs a config file (menusync.config.yaml or --config)`);
  // A named target is looked up, never searched: a fleet resolves each of its targets, and listing
  // 10,000 names per call made the fleet's settings grow with the square of its size.
  const names = loaded && args.target === undefined ? Object.keys(loaded.config.targets) : [];
  const targetName = args.target ?? (options.soleTarget && names.length === 1 ? names[0] : undefined);
  // Without a name, a config of several targets would leave every target key unset and the run
  // would fail later on whatever it missed first ("no platform base URL"): say what is missing.
  if (loaded && targetName === undefined && names.length > 1)
    throw new UsageError(
      `this config has ${names.length} targets: use --target NAME${options.fleet ? ' or --all' : ''}`,
      { hint: `targets of ${loaded.file}: ${names.join(', ')}` },
    );
  const config = loaded && targetName ? configTarget(loaded, targetName) : {};
  const params = withoutPrototype<string>({});
  const paramDirs = withoutPrototype<string>({});
  for (const [key, value] of Object.entries(config.params ?? {})) {
    params[key] = String(value);
    if (loaded) paramDirs[key] = path.dirname(loaded.file);
  }
  for (const pair of args.param ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--param must be name=value, got "${pair}"`);
    if (pair.slice(0, eq) === RESERVED_KEY)
      throw new UsageError(`--param: "${RESERVED_KEY}" cannot be a parameter name`);
    params[pair.slice(0, eq)] = pair.slice(eq + 1);
    delete paramDirs[pair.slice(0, eq)];
  }
  const guards = resolveGuards(args, config.guards ?? {});
  const mapping = args.mapping ?? config.mapping;
  return {
    ...(targetName ? { targetName } : {}),
    config,
    ...(mapping ? { mapping } : {}),
    inputs: args.input && args.input.length > 0 ? args.input : (config.inputs ?? []),
    params,
    ...(args.encoding !== undefined ? { encoding: args.encoding } : {}),
    ...parseNow(args.now),
    paramDirs,
    limits: resolveInputLimits(args, config),
    stateDir: resolveStateSpec({
      flag: args.state,
      env: (options.env ?? process.env).MENUSYNC_STATE,
      targetStateDir: config.state_dir,
      config: loaded,
    }),
    posUid: args['pos-uid'] ?? config.pos_uid ?? 'default',
    mode: args.mode ?? config.mode ?? 'auto',
    guards,
  };
}

/** The guards' flags over the config target's `guards:` keys (the library passes its options as either). */
export function resolveGuards(
  args: Pick<
    RunArgs,
    | 'allow-deletes'
    | 'allow-hiding'
    | 'allow-price-changes'
    | 'allow-erosion'
    | 'erosion-days'
    | 'allow-empty'
    | 'protect'
  >,
  config: TargetGuards,
): GuardOptions {
  const protect = [...(config.protect ?? []), ...(args.protect ?? [])];
  const allowEmpty = args['allow-empty'] ?? config.allow_empty;
  const erosionDays = args['erosion-days'] ?? config.erosion_days;
  if (erosionDays !== undefined) checkNumber('--erosion-days', erosionDays, NUMBER_RANGES.erosionDays);
  const allowance = (flag: string, value: string | number | undefined) =>
    value === undefined ? undefined : parseAllowDeletes(value, flag);
  const allowed = {
    allowDeletes: allowance('--allow-deletes', args['allow-deletes'] ?? config.allow_deletes),
    allowHiding: allowance('--allow-hiding', args['allow-hiding'] ?? config.allow_hiding),
    allowPriceChanges: allowance(
      '--allow-price-changes',
      args['allow-price-changes'] ?? config.allow_price_changes,
    ),
    allowErosion: allowance('--allow-erosion', args['allow-erosion'] ?? config.allow_erosion),
  };
  return {
    ...Object.fromEntries(Object.entries(allowed).filter(([, value]) => value !== undefined)),
    ...(allowEmpty !== undefined ? { allowEmpty } : {}),
    ...(erosionDays !== undefined ? { erosionDays } : {}),
    ...(protect.length > 0 ? { protect } : {}),
  };
}

/** "12" -> {count: 12}; "15%" -> {percent: 15}, for `flag` (--allow-deletes, --allow-hiding, ...). */
export function parseAllowDeletes(value: string | number, flag = '--allow-deletes'): Allowance {
  const text = String(value).trim();
  const match = /^(\d+(?:\.\d+)?)(%?)$/.exec(text);
  if (!match) throw new UsageError(`${flag} must be a count like 12 or a share like 15%, got "${text}"`);
  const n = Number(match[1]);
  if (match[2] === '%') {
    if (n > 100) throw new UsageError(`${flag} ${text} is more than 100%`);
    return { percent: n };
  }
  if (!Number.isInteger(n)) throw new UsageError(`${flag} count must be a whole number, got "${text}"`);
  return { count: n };
}

export function requireInputs(settings: RunSettings): { mapping: string; inputs: string[] } {
  if (!settings.mapping)
    throw new UsageError('no mapping: pass --mapping (or set mapping in the config target)');
  if (settings.inputs.length === 0)
    throw new UsageError('no input file: pass --input (or set inputs in the config target)');
  return { mapping: settings.mapping, inputs: settings.inputs };
}

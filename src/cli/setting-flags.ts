import type { LoadedConfig } from '../config/load-config.js';
import { resolveSettings } from '../config/settings/resolve.js';
import type { GivenConnection, GivenSettings, RunSettings } from '../config/settings/types.js';
import { UsageError } from '../errors.js';
import type { SettingNames } from '../model/setting-names.js';
import { withoutPrototype } from '../model/named-record.js';
import type { ConnectionArgs } from './connection-options.js';
import { LIMIT_FLAGS, limitsFromFlags } from './input-limit-options.js';
import { parseNow } from './now-option.js';
import type { RunArgs } from './run-args.js';

/** Each setting as the command line spells it: the core words its messages with these. */
export const FLAG_NAMES: SettingNames = {
  configFile: '--config',
  target: '--target',
  mapping: '--mapping',
  inputs: '--input',
  params: '--param',
  posUid: '--pos-uid',
  mode: '--mode',
  allowDeletes: '--allow-deletes',
  allowHiding: '--allow-hiding',
  allowPriceChanges: '--allow-price-changes',
  allowErosion: '--allow-erosion',
  erosionDays: '--erosion-days',
  allowEmpty: '--allow-empty',
  baseUrl: '--base-url',
  clientId: '--client-id',
  clientSecret: '--client-secret-file',
  maxAttempts: '--max-attempts',
  maxRetryTime: '--max-retry-time',
  timeout: '--timeout',
  maxPayloadBytes: '--max-payload-bytes',
  keepRuns: '--keep-runs',
  maxInputBytes: `--${LIMIT_FLAGS.maxInputBytes}`,
  maxInflatedBytes: `--${LIMIT_FLAGS.maxInflatedBytes}`,
  maxSharedStrings: `--${LIMIT_FLAGS.maxSharedStrings}`,
  maxCells: `--${LIMIT_FLAGS.maxCells}`,
  maxCellChars: `--${LIMIT_FLAGS.maxCellChars}`,
  offline: '--offline',
  savedPlan: '--plan',
  encoding: '--encoding',
  state: '--state',
  protect: '--protect',
  auth: '--auth',
  allowRemovals: '--yes',
};

/** Every flag a run may take: those of plan and apply, the connection's, apply's sizes. */
export type SettingFlags = RunArgs &
  Partial<ConnectionArgs> & { 'max-payload-bytes'?: number; 'keep-runs'?: number };

/** The connection flags as given settings (an absent flag is absent, so the config can fill it). */
export function connectionFromFlags(args: Partial<ConnectionArgs>): GivenConnection {
  return {
    ...(args['base-url'] !== undefined ? { baseUrl: args['base-url'] } : {}),
    ...(args['client-id'] !== undefined ? { clientId: args['client-id'] } : {}),
    ...(args['client-secret-file'] !== undefined ? { clientSecretFile: args['client-secret-file'] } : {}),
    ...(args.auth !== undefined ? { auth: args.auth } : {}),
    ...(args['max-attempts'] !== undefined ? { maxAttempts: args['max-attempts'] } : {}),
    ...(args['max-retry-time'] !== undefined ? { maxRetryTimeSeconds: args['max-retry-time'] } : {}),
    ...(args.timeout !== undefined ? { timeoutSeconds: args.timeout } : {}),
  };
}

/** The flags of a run as given settings, in domain names: the only place that reads them. */
export function givenFromFlags(args: SettingFlags): GivenSettings {
  const guards = {
    ...(args['allow-deletes'] !== undefined ? { allowDeletes: args['allow-deletes'] } : {}),
    ...(args['allow-hiding'] !== undefined ? { allowHiding: args['allow-hiding'] } : {}),
    ...(args['allow-price-changes'] !== undefined ? { allowPriceChanges: args['allow-price-changes'] } : {}),
    ...(args['allow-erosion'] !== undefined ? { allowErosion: args['allow-erosion'] } : {}),
    ...(args['erosion-days'] !== undefined ? { erosionDays: args['erosion-days'] } : {}),
    ...(args['allow-empty'] !== undefined ? { allowEmpty: args['allow-empty'] } : {}),
    ...(args.protect ? { protect: args.protect } : {}),
  };
  return {
    ...(args.config !== undefined ? { configFile: args.config } : {}),
    ...(args.target !== undefined ? { target: args.target } : {}),
    ...(args.mapping !== undefined ? { mapping: args.mapping } : {}),
    ...(args.input ? { inputs: args.input } : {}),
    ...(args.param ? { params: paramsOf(args.param) } : {}),
    ...(args.encoding !== undefined ? { encoding: args.encoding } : {}),
    ...parseNow(args.now),
    ...(args.state !== undefined ? { state: args.state } : {}),
    ...(args['pos-uid'] !== undefined ? { posUid: args['pos-uid'] } : {}),
    ...(args.mode !== undefined ? { mode: args.mode } : {}),
    guards,
    connection: connectionFromFlags(args),
    limits: limitsFromFlags(args),
    ...(args['max-payload-bytes'] !== undefined ? { maxPayloadBytes: args['max-payload-bytes'] } : {}),
    ...(args['keep-runs'] !== undefined ? { keepRuns: args['keep-runs'] } : {}),
  };
}

/** `--param name=value`, each over the one before. */
function paramsOf(pairs: readonly string[]): Record<string, string> {
  const params = withoutPrototype<string>({});
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--param must be name=value, got "${pair}"`);
    params[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return params;
}

/**
 * A command's settings from its flags: flags over the config target, its defaults, the
 * environment and the built-in defaults (config/settings/resolve.ts). With `soleTarget` (plan),
 * a config file of exactly one target needs no --target; `fleet`: the command also takes --all.
 */
export function resolveRunSettings(
  args: SettingFlags,
  cwd: string = process.cwd(),
  options: { soleTarget?: boolean; fleet?: boolean; env?: NodeJS.ProcessEnv; loaded?: LoadedConfig } = {},
): Promise<RunSettings> {
  return resolveSettings(givenFromFlags(args), {
    cwd,
    names: FLAG_NAMES,
    ...(options.soleTarget ? { soleTarget: true } : {}),
    ...(options.fleet ? { allTargets: '--all' } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.loaded ? { loaded: options.loaded } : {}),
  });
}

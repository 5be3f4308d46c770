import type { ApplyConnectionArgs } from '../apply/connection.js';
import { resolveGuards, type RunSettings } from '../config/run-settings.js';
import { checkBaseUrl, normalizeBaseUrl } from '../platform/menu-address.js';
import { DEFAULT_POS_UID, DEFAULT_STATE_DIR, type Target } from '../state/target.js';
import type { RunOptions } from './options.js';
import { withoutPrototype } from '../model/named-record.js';

/**
 * The library's options as the run settings the CLI resolves from flags and a config file, so a
 * library call goes through the very code of `menusync plan` and `apply`. Nothing comes from a
 * config file or the environment.
 */
export function runSettingsOf(options: RunOptions): RunSettings {
  const guards = options.guards ?? {};
  const guardOptions = resolveGuards(
    {
      ...(guards.allowEmpty !== undefined ? { 'allow-empty': guards.allowEmpty } : {}),
      ...(guards.protect ? { protect: guards.protect } : {}),
      ...(guards.erosionDays !== undefined ? { 'erosion-days': guards.erosionDays } : {}),
    },
    {
      ...(guards.allowDeletes !== undefined ? { allow_deletes: guards.allowDeletes } : {}),
      ...(guards.allowHiding !== undefined ? { allow_hiding: guards.allowHiding } : {}),
      ...(guards.allowPriceChanges !== undefined ? { allow_price_changes: guards.allowPriceChanges } : {}),
      ...(guards.allowErosion !== undefined ? { allow_erosion: guards.allowErosion } : {}),
    },
  );
  return {
    ...(options.target.name ? { targetName: options.target.name } : {}),
    config: {},
    mapping: options.mapping,
    inputs: options.inputs,
    params: withoutPrototype(options.params ?? {}),
    ...(options.encoding !== undefined ? { encoding: options.encoding } : {}),
    paramDirs: {},
    limits: options.limits ?? {},
    stateDir: typeof options.state === 'string' ? options.state : DEFAULT_STATE_DIR,
    posUid: options.target.posUid ?? DEFAULT_POS_UID,
    mode: options.mode ?? 'auto',
    guards: guardOptions,
  };
}

/** The target's connection as the CLI's connection flags (the secret goes by connectionEnvOf). */
export function connectionArgsOf(options: RunOptions): ApplyConnectionArgs {
  const t = options.target;
  return {
    'base-url': t.baseUrl,
    'client-id': t.clientId,
    ...(t.auth !== undefined ? { auth: t.auth } : {}),
    ...(t.maxAttempts !== undefined ? { 'max-attempts': t.maxAttempts } : {}),
    ...(t.maxRetryTimeSeconds !== undefined ? { 'max-retry-time': t.maxRetryTimeSeconds } : {}),
    ...(t.timeoutSeconds !== undefined ? { timeout: t.timeoutSeconds } : {}),
  };
}

/**
 * The only "environment" a library run sees: the client secret of its options, where the CLI
 * would take MENUSYNC_CLIENT_SECRET. The process's own environment is never read.
 */
export function connectionEnvOf(options: RunOptions): NodeJS.ProcessEnv {
  const secret = options.target.clientSecret;
  return secret !== undefined ? { MENUSYNC_CLIENT_SECRET: secret } : {};
}

/**
 * The target a library run plans and applies for, its base URL checked and normalised as the
 * CLI's (`HTTP://Host:443/api/` is `https://host/api`'s menu only when it is the same URL): the
 * same state folder, lock and same-menu check whichever way it is spelled. Throws a UsageError
 * for a base URL the CLI refuses.
 */
export function targetOf(options: RunOptions): Target {
  return { ...reportedTargetOf(options), baseUrl: checkBaseUrl(options.target.baseUrl) };
}

/** The target as a result names it, even when its base URL was refused (normalised, never a password). */
export function reportedTargetOf(options: RunOptions): Target {
  return {
    ...(options.target.name ? { name: options.target.name } : {}),
    baseUrl: normalizeBaseUrl(options.target.baseUrl),
    clientId: options.target.clientId,
    posUid: options.target.posUid ?? DEFAULT_POS_UID,
  };
}

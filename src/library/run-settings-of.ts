import { resolveSettings } from '../config/settings/resolve.js';
import type { GivenSettings, RunSettings } from '../config/settings/types.js';
import { OPTION_NAMES } from '../model/setting-names.js';
import { checkBaseUrl, normalizeBaseUrl } from '../platform/menu-address.js';
import { DEFAULT_POS_UID, type Target } from '../state/target.js';
import type { RunOptions } from './options.js';

/**
 * The library's options as run settings, resolved by the very code the CLI's flags go through
 * (config/settings/resolve.ts), so a library call is `menusync plan` or `apply`: the same range
 * checks, and messages that name the options. Nothing comes from a config file or the environment.
 */
export async function runSettingsOf(
  options: RunOptions,
  extra: Pick<GivenSettings, 'maxPayloadBytes' | 'keepRuns'> = {},
): Promise<RunSettings> {
  const t = options.target;
  const given: GivenSettings = {
    mapping: options.mapping,
    inputs: options.inputs,
    params: options.params ?? {},
    ...(options.encoding !== undefined ? { encoding: options.encoding } : {}),
    ...(typeof options.state === 'string' ? { state: options.state } : {}),
    ...(t.posUid !== undefined ? { posUid: t.posUid } : {}),
    ...(options.mode !== undefined ? { mode: options.mode } : {}),
    guards: options.guards ?? {},
    connection: {
      baseUrl: t.baseUrl,
      clientId: t.clientId,
      ...(t.clientSecret !== undefined ? { clientSecret: t.clientSecret } : {}),
      ...(t.auth !== undefined ? { auth: t.auth } : {}),
      ...(t.maxAttempts !== undefined ? { maxAttempts: t.maxAttempts } : {}),
      ...(t.maxRetryTimeSeconds !== undefined ? { maxRetryTimeSeconds: t.maxRetryTimeSeconds } : {}),
      ...(t.timeoutSeconds !== undefined ? { timeoutSeconds: t.timeoutSeconds } : {}),
    },
    limits: options.limits ?? {},
    ...extra,
  };
  const settings = await resolveSettings(given, { loaded: null, env: {}, names: OPTION_NAMES });
  return { ...settings, ...(t.name ? { targetName: t.name } : {}) };
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

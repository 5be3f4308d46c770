import type { SettingNames } from '../../model/setting-names.js';
import { resolveMenuAddress } from '../../platform/menu-address.js';
import { checkConnectionNumbers } from '../connection-checks.js';
import type { TargetConfig } from '../schema.js';
import { CONNECTION_DEFAULTS as D } from './defaults.js';
import type { ConnectionSettings, GivenConnection } from './types.js';

/**
 * Each connection setting from the first source that has it: given (flags or library options),
 * the config target (its `defaults:` merged in), the environment (MENUSYNC_*; an empty variable is
 * none), the built-in default. The numbers are checked here, whichever source gave them.
 */
export function resolveConnection(
  given: GivenConnection,
  config: TargetConfig,
  env: NodeJS.ProcessEnv,
  names: SettingNames,
): ConnectionSettings {
  const { baseUrl, clientId } = resolveMenuAddress({ given, config, env });
  const clientSecretFile = given.clientSecretFile ?? config.client_secret_file;
  const clientSecret = given.clientSecret ?? (env.MENUSYNC_CLIENT_SECRET || undefined);
  const connection: ConnectionSettings = {
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(clientId !== undefined ? { clientId } : {}),
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    ...(clientSecretFile ? { clientSecretFile } : {}),
    auth: given.auth ?? config.auth ?? D.auth,
    maxAttempts: given.maxAttempts ?? config.max_attempts ?? D.maxAttempts,
    maxRetryTimeSeconds: given.maxRetryTimeSeconds ?? config.max_retry_time ?? D.maxRetryTime,
    timeoutSeconds: given.timeoutSeconds ?? config.timeout ?? D.timeout,
  };
  checkConnectionNumbers(
    {
      maxAttempts: connection.maxAttempts,
      maxRetryTime: connection.maxRetryTimeSeconds,
      timeout: connection.timeoutSeconds,
    },
    names,
  );
  return connection;
}

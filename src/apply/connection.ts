import type { ConnectionArgs } from '../config/connection.js';
import { CONNECTION_DEFAULTS as D, resolveConnection } from '../config/connection.js';
import type { RunSettings } from '../config/run-settings.js';
import { resolveMenuAddress } from '../platform/menu-address.js';
import type { PlatformClientOptions } from '../platform/types.js';

/** Connection flags as parsed for apply: the defaulted ones are left undefined so the config can fill them. */
export type ApplyConnectionArgs = Omit<
  ConnectionArgs,
  'auth' | 'max-attempts' | 'max-retry-time' | 'timeout'
> &
  Partial<Pick<ConnectionArgs, 'auth' | 'max-attempts' | 'max-retry-time' | 'timeout'>>;

/** Flag, then config target, then environment, then the built-in default. */
export function resolveApplyConnection(
  args: ApplyConnectionArgs,
  settings: RunSettings,
  env: NodeJS.ProcessEnv = process.env,
): PlatformClientOptions {
  const config = settings.config;
  const { baseUrl, clientId } = resolveMenuAddress({ flags: args, config, env });
  const secretFile = args['client-secret-file'] ?? config.client_secret_file;
  return resolveConnection(
    {
      ...(baseUrl ? { 'base-url': baseUrl } : {}),
      ...(clientId ? { 'client-id': clientId } : {}),
      ...(secretFile ? { 'client-secret-file': secretFile } : {}),
      auth: args.auth ?? config.auth ?? D.auth,
      'max-attempts': args['max-attempts'] ?? config.max_attempts ?? D.maxAttempts,
      'max-retry-time': args['max-retry-time'] ?? config.max_retry_time ?? D.maxRetryTime,
      timeout: args.timeout ?? config.timeout ?? D.timeout,
    },
    env,
  );
}

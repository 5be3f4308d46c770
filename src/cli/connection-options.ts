import type { Argv } from 'yargs';
import { UsageError } from '../errors.js';
import type { AuthMode, PlatformClientOptions } from '../platform/types.js';
import { registerSecret } from '../secrets.js';
import { checkBaseUrl, resolveMenuAddress } from '../platform/menu-address.js';
import { checkConnectionNumbers, readSecretFile } from './connection-checks.js';

/** Options shared by every command that talks to the platform. */
export interface ConnectionArgs {
  'base-url'?: string;
  auth: AuthMode;
  'client-id'?: string;
  'client-secret-file'?: string;
  'max-attempts': number;
  'max-retry-time': number;
  timeout: number;
}

export interface ConnectionOptionsConfig {
  /**
   * Leave retry, timeout and auth flags without yargs defaults, so that a config file's target can
   * set them when the flag is absent (apply); the defaults below then apply after the config.
   */
  deferDefaults?: boolean;
}

export const CONNECTION_DEFAULTS = { auth: 'oauth', maxAttempts: 5, maxRetryTime: 120, timeout: 30 } as const;

export function withConnectionOptions<T>(
  yargs: Argv<T>,
  config: ConnectionOptionsConfig = {},
): Argv<T & ConnectionArgs> {
  const d = CONNECTION_DEFAULTS;
  const dflt = <V>(value: V) => (config.deferDefaults ? {} : { default: value });
  return yargs
    .option('base-url', {
      type: 'string',
      describe: 'Platform base URL including any path prefix (env MENUSYNC_BASE_URL)',
    })
    .option('auth', {
      choices: ['oauth', 'headers'] as const,
      ...dflt<AuthMode>(d.auth),
      describe: `OAuth 2.0 client credentials, or X-Client-Id/X-Client-Secret headers (default ${d.auth})`,
    })
    .option('client-id', { type: 'string', describe: 'Client id (env MENUSYNC_CLIENT_ID)' })
    .option('client-secret-file', {
      type: 'string',
      describe: 'File holding the client secret (else env MENUSYNC_CLIENT_SECRET)',
    })
    .option('max-attempts', {
      type: 'number',
      ...dflt(d.maxAttempts),
      describe: `Attempts per request, first included (default ${d.maxAttempts})`,
    })
    .option('max-retry-time', {
      type: 'number',
      ...dflt(d.maxRetryTime),
      describe: `Total seconds a request may spend on retries (default ${d.maxRetryTime})`,
    })
    .option('timeout', {
      type: 'number',
      ...dflt(d.timeout),
      describe: `Seconds before one HTTP request times out (default ${d.timeout})`,
    }) as Argv<T & ConnectionArgs>;
}

/** Resolves flags, environment and secret file into client options; secrets are registered for redaction. */
export function resolveConnection(
  args: ConnectionArgs,
  env: NodeJS.ProcessEnv = process.env,
  defaults: { baseUrl?: string } = {},
): PlatformClientOptions {
  const address = resolveMenuAddress({ flags: args, env });
  const baseUrl = address.baseUrl ?? (defaults.baseUrl ? checkBaseUrl(defaults.baseUrl) : undefined);
  if (!baseUrl) throw new UsageError('no platform base URL: pass --base-url or set MENUSYNC_BASE_URL');
  const clientId = address.clientId;
  if (!clientId) throw new UsageError('no client id: set MENUSYNC_CLIENT_ID or pass --client-id');
  let clientSecret = env.MENUSYNC_CLIENT_SECRET;
  const secretFile = args['client-secret-file'];
  if (secretFile) clientSecret = readSecretFile(secretFile);
  if (!clientSecret) {
    throw new UsageError('no client secret: set MENUSYNC_CLIENT_SECRET or pass --client-secret-file');
  }
  registerSecret(clientSecret);
  checkConnectionNumbers({
    maxAttempts: args['max-attempts'],
    maxRetryTime: args['max-retry-time'],
    timeout: args.timeout,
  });
  return {
    baseUrl,
    auth: args.auth,
    credentials: { clientId, clientSecret },
    retry: { maxAttempts: args['max-attempts'], maxRetryTimeMs: args['max-retry-time'] * 1000 },
    requestTimeoutMs: args.timeout * 1000,
  };
}

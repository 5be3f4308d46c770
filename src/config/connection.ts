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

export const CONNECTION_DEFAULTS = { auth: 'oauth', maxAttempts: 5, maxRetryTime: 120, timeout: 30 } as const;

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

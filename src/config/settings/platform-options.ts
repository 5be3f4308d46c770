import { UsageError } from '../../errors.js';
import type { SettingNames } from '../../model/setting-names.js';
import type { PlatformClientOptions } from '../../platform/types.js';
import { registerSecret } from '../../secrets.js';
import { readSecretFile } from '../connection-checks.js';
import type { ConnectionSettings } from './types.js';

/**
 * The platform client's options from the resolved connection, for a run that signs in: the
 * base URL, client id and secret must be known (a secret file is read now, and wins over a secret
 * given otherwise). The secret is registered for redaction before anything can print it.
 */
export function platformOptions(
  connection: ConnectionSettings,
  names: Pick<SettingNames, 'baseUrl' | 'clientId' | 'clientSecret'>,
): PlatformClientOptions {
  const { baseUrl, clientId } = connection;
  if (!baseUrl) throw new UsageError(`no platform base URL: pass ${names.baseUrl} or set MENUSYNC_BASE_URL`);
  if (!clientId) throw new UsageError(`no client id: set MENUSYNC_CLIENT_ID or pass ${names.clientId}`);
  const file = connection.clientSecretFile;
  const clientSecret = file ? readSecretFile(file, names.clientSecret) : connection.clientSecret;
  if (!clientSecret)
    throw new UsageError(`no client secret: set MENUSYNC_CLIENT_SECRET or pass ${names.clientSecret}`);
  registerSecret(clientSecret);
  return {
    baseUrl,
    auth: connection.auth,
    credentials: { clientId, clientSecret },
    secretName: names.clientSecret,
    retry: { maxAttempts: connection.maxAttempts, maxRetryTimeMs: connection.maxRetryTimeSeconds * 1000 },
    requestTimeoutMs: connection.timeoutSeconds * 1000,
  };
}

/** Whether the run could sign in: a secret or a secret file is known (plan reads the live menu then). */
export const hasSecret = (connection: ConnectionSettings): boolean =>
  Boolean(connection.clientSecretFile || connection.clientSecret);

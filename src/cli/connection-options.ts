import type { Argv } from 'yargs';
import { CONNECTION_DEFAULTS } from '../config/settings/defaults.js';
import type { AuthMode } from '../platform/types.js';

/** Options shared by every command that talks to the platform (cli/setting-flags.ts reads them). */
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

/** Connection flags as parsed with deferDefaults (plan, apply): absent ones are left to the config. */
export type ApplyConnectionArgs = Partial<ConnectionArgs>;

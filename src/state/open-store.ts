import { localStateStore } from './local/local-store.js';
import { UsageError } from '../errors.js';
import { isStateUrl } from './target.js';
import { isPostgresUrl, withoutPasswordText } from './postgres/pg-url.js';
import type { StateStoreOptions } from './checkpoint.js';
import type { StateStore } from './store.js';
import { namingSettings } from '../model/setting-names.js';
import { stateUrlHint } from './postgres/pg-url.js';

/**
 * The store a `--state` value names: a postgres:// (or postgresql://) URL, or else a folder path
 * (the default backend). The PostgreSQL backend is imported only when named, so local users never
 * load pg. Opening a PostgreSQL store connects: bad URLs, users and databases fail here.
 */
export async function openStateStore(spec: string, options: StateStoreOptions = {}): Promise<StateStore> {
  if (isPostgresUrl(spec)) {
    const { postgresStateStore } = await import('./postgres/pg-store.js');
    return postgresStateStore(spec, options);
  }
  // postgress://u:pw@h/db must not become a folder named after its password.
  if (isStateUrl(spec))
    throw namingSettings(
      ({ message, hint }) => new UsageError(message, hint ? { hint } : undefined),
      (names) => ({
        message: `the state ${withoutPasswordText(spec)} is a URL menusync cannot keep state at; nothing was sent to the platform`,
        hint: stateUrlHint(names),
      }),
    );
  return localStateStore(spec, options);
}

import { localStateStore } from './local/local-store.js';
import { isPostgresUrl } from './postgres/pg-url.js';
import type { StateStore } from './store.js';

/**
 * The store a `--state` value names: a postgres:// (or postgresql://) URL, or else a folder path
 * (the default backend). The PostgreSQL backend is imported only when named, so local users never
 * load pg. Opening a PostgreSQL store connects: bad URLs, users and databases fail here.
 */
export async function openStateStore(spec: string): Promise<StateStore> {
  if (isPostgresUrl(spec)) {
    const { postgresStateStore } = await import('./postgres/pg-store.js');
    return postgresStateStore(spec);
  }
  return localStateStore(spec);
}

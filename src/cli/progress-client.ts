import type { ProgressSink } from '../progress.js';
import type { PlatformClient } from '../platform/types.js';

/**
 * The platform client, telling `sink` while this process waits on it: the import (the platform
 * may take many seconds to store a big menu) and the read-back. The client's own work, retries
 * included, is unchanged.
 */
export function observeClient(client: PlatformClient, sink: ProgressSink | undefined): PlatformClient {
  if (!sink) return client;
  const waitFor = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    sink({ kind: 'wait', what });
    try {
      return await work();
    } finally {
      sink({ kind: 'wait-done' });
    }
  };
  return {
    ...client,
    importMenu: (payload, options) =>
      waitFor(
        `the platform to import ${payload.update_mode === 'replace' ? 'the menu' : 'the changes'}`,
        () => client.importMenu(payload, options),
      ),
    listCategories: (query) => waitFor('the menu from the platform', () => client.listCategories(query)),
  };
}

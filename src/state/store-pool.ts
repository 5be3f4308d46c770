import { openStateStore } from './open-store.js';
import type { StateStore } from './store.js';

/** The stores of many targets (a fleet): one per state location, opened once, closed together. */
export interface StorePool {
  get(spec: string): Promise<StateStore>;
  close(): Promise<void>;
}

export function createStorePool(open: (spec: string) => Promise<StateStore> = openStateStore): StorePool {
  const stores = new Map<string, Promise<StateStore>>();
  return {
    get(spec) {
      let store = stores.get(spec);
      if (!store) {
        store = open(spec);
        stores.set(spec, store);
      }
      return store;
    },
    async close() {
      const opened = await Promise.allSettled(stores.values());
      stores.clear();
      await Promise.all(
        opened.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)),
      );
    },
  };
}

/** The stores of a fleet that runs `concurrency` targets at once, each holding a lock session. */
export const fleetStorePool = (concurrency: number): StorePool =>
  createStorePool((spec) => openStateStore(spec, { lockSessions: concurrency }));

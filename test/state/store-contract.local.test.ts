import { localStateStore } from '../../src/state/local/local-store.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { storeContract } from './store-contract.js';

storeContract('local folder', {
  async open() {
    const dir = testTempDir('store');
    return { store: localStateStore(dir), reopen: async () => localStateStore(dir) };
  },
});

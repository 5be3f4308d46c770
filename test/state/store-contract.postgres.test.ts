import { describe } from 'vitest';
import { openStateStore } from '../../src/state/open-store.js';
import { postgresAvailable, schemaUrl, testSchema } from './postgres-fixture.js';
import { storeContract } from './store-contract.js';

const available = await postgresAvailable();

describe.skipIf(!available)('PostgreSQL', () => {
  storeContract('PostgreSQL', {
    async open() {
      const url = schemaUrl(testSchema());
      return { store: await openStateStore(url), reopen: () => openStateStore(url) };
    },
  });
});

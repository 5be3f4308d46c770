import { afterEach } from 'vitest';
import { createPlatformClient } from '../../src/platform/client.js';
import type { PlatformClient, PlatformClientOptions } from '../../src/platform/types.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/types.js';
import type { ImportPayload } from '../../src/model/import-payload.js';
import { testClient } from '../helpers/secrets.js';

export interface Harness {
  sandbox: SandboxHandle;
  client: PlatformClient;
  credentials: { clientId: string; clientSecret: string };
  logs: string[];
  /** Request log entries for one endpoint path (relative to the base path). */
  hits(path: string): { method: string; path: string; status: number }[];
}

const open: SandboxHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/** A real sandbox on loopback with one fresh client, and a client for it with fast retries. */
export async function harness(
  clientOptions: Partial<PlatformClientOptions> = {},
  sandboxOptions: SandboxOptions = {},
): Promise<Harness> {
  const credentials = testClient();
  const sandbox = await startSandbox({
    clients: [{ ...credentials, scopes: ['write:menu'] }],
    ...sandboxOptions,
  });
  open.push(sandbox);
  const logs: string[] = [];
  const client = createPlatformClient({
    baseUrl: sandbox.url,
    auth: 'oauth',
    credentials,
    retry: { minDelayMs: 10, maxDelayMs: 50, maxAttempts: 5, maxRetryTimeMs: 10_000 },
    requestTimeoutMs: 2_000,
    log: (message) => logs.push(message),
    ...clientOptions,
  });
  const base = new URL(sandbox.url).pathname.replace(/\/$/, '');
  return {
    sandbox,
    client,
    credentials,
    logs,
    hits: (path) => sandbox.requests.filter((r) => r.path === `${base}${path}`),
  };
}

export function smallMenu(mode: ImportPayload['update_mode'] = 'replace'): ImportPayload {
  return {
    pos_uid: 'pos-1',
    update_mode: mode,
    categories: [
      {
        ext_id: 'C1',
        name: 'Pizza',
        options: [{ ext_id: 'SIZE', name: 'Size', option_values: [{ ext_id: 'L', name: 'Large' }] }],
      },
    ],
    products: [{ ext_id: 'P1', category_ext_id: 'C1', name: 'Margherita', price: 8.5 }],
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyRun, type ApplyRequest } from '../../src/apply/apply-run.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../src/apply/4-send/split-payload.js';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import { plan } from '../../src/plan/index.js';
import { createPlatformClient, type PlatformClient } from '../../src/platform/index.js';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../src/sandbox/index.js';
import { localStateStore } from '../../src/state/local/local-store.js';
import type { Target } from '../../src/state/target.js';
import { testClient } from '../helpers/secrets.js';

export interface Harness {
  sandbox: SandboxHandle;
  stateDir: string;
  target: Target;
  clientId: string;
  apply(desired: CanonicalMenu, extra?: Partial<ApplyRequest>): ReturnType<typeof applyRun>;
  close(): Promise<void>;
}

/** A real loopback sandbox, a real temp state folder, the real client and planner. */
export async function startHarness(
  options: SandboxOptions = {},
  wrapClient: (client: PlatformClient) => PlatformClient = (c) => c,
): Promise<Harness> {
  const credentials = testClient();
  const sandbox = await startSandbox({
    ...options,
    clients: [{ ...credentials, scopes: ['read:menu', 'write:menu'] }],
  });
  const stateDir = await mkdtemp(path.join(tmpdir(), 'menusync-apply-'));
  const target: Target = { baseUrl: sandbox.url, clientId: credentials.clientId, posUid: 'default' };
  const client = wrapClient(
    createPlatformClient({
      baseUrl: sandbox.url,
      auth: 'oauth',
      credentials,
      retry: { maxAttempts: 2, minDelayMs: 10, maxDelayMs: 20 },
      requestTimeoutMs: 5_000,
    }),
  );
  return {
    sandbox,
    stateDir,
    target,
    clientId: credentials.clientId,
    apply: (desired, extra = {}) =>
      applyRun(
        {
          target,
          store: localStateStore(stateDir),
          desired,
          planOptions: { posUid: 'default' },
          maxPayloadBytes: DEFAULT_MAX_PAYLOAD_BYTES,
          ...extra,
        },
        { plan, client, confirm: async () => true },
      ),
    async close() {
      await sandbox.close();
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}

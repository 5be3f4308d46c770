import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_CLIENT, type SandboxClient } from './types.js';

/** Most clients one sandbox makes up: enough for a large chain's fleet, small enough to list. */
export const MAX_SANDBOX_CLIENTS = 10_000;

const SCOPES = ['write:menu', 'write:orders'];

/**
 * The demo client plus `count` made-up clients, client-1 .. client-<count>, each with its own menu
 * (the store keeps one per client) and credentials anyone can derive: the secret of client-7 is
 * `client-7-secret`. They only open this local sandbox, so tests and the demo may print them.
 */
export function sandboxClients(count: number): SandboxClient[] {
  const clients: SandboxClient[] = [{ ...DEMO_CLIENT, scopes: SCOPES }];
  for (let i = 1; i <= count; i++) clients.push({ ...sandboxClient(i), scopes: SCOPES });
  return clients;
}

export function sandboxClient(index: number): { clientId: string; clientSecret: string } {
  return { clientId: `client-${index}`, clientSecret: `client-${index}-secret` };
}

/** One `<client id>.secret` file per made-up client, for a config's client_secret_file. */
export async function writeClientSecrets(dir: string, count: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (let i = 1; i <= count; i++) {
    const { clientId, clientSecret } = sandboxClient(i);
    await writeFile(path.join(dir, `${clientId}.secret`), `${clientSecret}\n`, { mode: 0o600 });
  }
}

import { afterEach } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/types.js';
import { testClient } from '../helpers/secrets.js';

const open: SandboxHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

export async function sandboxWith(
  count = 1,
  options: SandboxOptions = {},
): Promise<{ sandbox: SandboxHandle; clients: ReturnType<typeof testClient>[] }> {
  const clients = Array.from({ length: count }, () => testClient());
  const sandbox = await startSandbox({
    clients: clients.map((c) => ({ ...c, scopes: ['write:menu'] })),
    ...options,
  });
  open.push(sandbox);
  return { sandbox, clients };
}

/** Calls the sandbox with client headers; answers status and parsed JSON (or null). */
export async function call(
  sandbox: SandboxHandle,
  client: { clientId: string; clientSecret: string } | undefined,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      ...(client ? { 'x-client-id': client.clientId, 'x-client-secret': client.clientSecret } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...extraHeaders,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = null;
  }
  return { status: response.status, json };
}

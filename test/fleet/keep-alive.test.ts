import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFleetConfig } from '../../bench/generate.js';
import { runFleet } from '../../src/library/run-fleet.js';
import { sandboxClients, startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';

/**
 * A TCP relay in front of the sandbox that counts the connections clients open to it: the
 * sandbox's own server would count the same ('connection' events), seen from outside it.
 */
async function countingRelay(
  target: URL,
): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    connections++;
    const outbound = connect(Number(target.port), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const TARGETS = 6;
const CONCURRENCY = 2;
let cleanup: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function fleetWorld() {
  const sandbox: SandboxHandle = await startSandbox({ clients: sandboxClients(TARGETS) });
  cleanup.push(() => sandbox.close());
  const relay = await countingRelay(new URL(sandbox.url));
  cleanup.push(() => relay.close());
  const dir = await mkdtemp(path.join(tmpdir(), 'menusync-keep-alive-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const config = await writeFleetConfig(dir, TARGETS, relay.url, 20);
  const env = { ...process.env, MENUSYNC_STATE: path.join(dir, 'state') };
  const fleet = () =>
    runFleet({ command: 'apply', config, all: true, concurrency: CONCURRENCY, allowRemovals: true, env });
  return { sandbox, relay, fleet };
}

describe('a fleet against one platform origin', () => {
  it('reuses its connections: far fewer connections than requests, about one per target running at once', async () => {
    const { sandbox, relay, fleet } = await fleetWorld();
    const first = await fleet();
    expect(first.summary.applied).toBe(TARGETS);
    const requests = sandbox.requests.length;
    // Each target: a token, the live menu, the import and its read-back.
    expect(requests).toBeGreaterThanOrEqual(TARGETS * 4);
    // Without keep-alive every request opens its own connection.
    expect(relay.connections()).toBeLessThanOrEqual(CONCURRENCY * 2);
  });

  it("asks for a client's token once and reuses it on the client's later runs in the process", async () => {
    const { sandbox, fleet } = await fleetWorld();
    const tokenRequests = () => sandbox.requests.filter((r) => r.path.endsWith('/oauth/token')).length;
    expect((await fleet()).summary.applied).toBe(TARGETS);
    expect(tokenRequests()).toBe(TARGETS);
    expect((await fleet()).summary.unchanged).toBe(TARGETS);
    expect(tokenRequests()).toBe(TARGETS);
  });
});

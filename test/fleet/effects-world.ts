import { createServer } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';
import { parse, stringify } from 'yaml';
import { startWorkerWorld, type WorkerWorld } from '../worker/worker-world.js';

/** One POST a webhook receiver got: the path names the webhook (a target's, or the fleet's). */
export interface WebhookPost {
  path: string;
  body: Record<string, unknown>;
}

/** A real webhook receiver on 127.0.0.1 that answers 204 and keeps every POST. */
export async function startReceiver(): Promise<{ url: string; received: WebhookPost[] }> {
  const received: WebhookPost[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(text) as Record<string, unknown> });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

export interface EffectsWorld extends WorkerWorld {
  received: WebhookPost[];
}

/**
 * The scenario every entry point runs: target `blocked` (a header-only export: the empty-menu guard
 * refuses it) and target `fresh` (applied), each with its own `notify:` told every outcome, and
 * the config's top-level `notify:`. A worker world (PostgreSQL state in a schema of this test's
 * own) whose config also names that state, so the library finds it as the CLI does.
 */
export async function startEffectsWorld(dir: string): Promise<EffectsWorld> {
  const hook = await startReceiver();
  const world = await startWorkerWorld(dir, [
    { name: 'blocked', client: 1, empty: true, notify: `${hook.url}/blocked` },
    { name: 'fresh', client: 2, notify: `${hook.url}/fresh` },
  ]);
  const config = parse(await readFile(world.config, 'utf8')) as {
    targets: Record<string, { notify: Record<string, unknown> }>;
  };
  for (const target of Object.values(config.targets))
    target.notify = { ...target.notify, on: ['failed', 'blocked', 'drift', 'applied'] };
  const fleet = { url: `${hook.url}/fleet`, max_attempts: 1 };
  await writeFile(world.config, stringify({ state: world.stateUrl, notify: fleet, ...config }));
  return { ...world, received: hook.received };
}

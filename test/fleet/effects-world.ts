import { createServer } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { stringify } from 'yaml';
import { sandboxClient, sandboxClients, startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { DEMO_MAPPING, menuCsv } from '../cli-apply/fixture.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { schemaUrl, sql, testSchema } from '../state/postgres-fixture.js';

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

export interface EffectsWorld {
  sandbox: SandboxHandle;
  config: string;
  stateUrl: string;
  received: WebhookPost[];
  /** `menusync ARGS --config … --state …` in a child process. */
  run(args: string[]): Promise<CliResult>;
}

/**
 * The scenario every entry point runs: target `blocked` (a header-only export: the empty-menu guard
 * refuses it) and target `fresh` (applied), each with its own `notify:` told every outcome, and
 * the config's top-level `notify:`; PostgreSQL state in a schema of this test's own, so a worker
 * can run it too.
 */
export async function startEffectsWorld(dir: string): Promise<EffectsWorld> {
  const schema = testSchema();
  onTestFinished(() => sql(`DROP SCHEMA IF EXISTS "${schema}_queue" CASCADE`).then(() => undefined));
  const stateUrl = schemaUrl(schema);
  const sandbox = await startSandbox({ clients: sandboxClients(2) });
  onTestFinished(() => sandbox.close());
  const hook = await startReceiver();
  await mkdir(path.join(dir, 'secrets'), { recursive: true });
  const every = ['failed', 'blocked', 'drift', 'applied'];
  const targets: Record<string, unknown> = {};
  for (const [client, name] of [
    [1, 'blocked'],
    [2, 'fresh'],
  ] as const) {
    const id = sandboxClient(client);
    const secretFile = path.join(dir, 'secrets', `${name}.secret`);
    await writeFile(secretFile, `${id.clientSecret}\n`);
    const input = path.join(dir, `${name}.csv`);
    await writeFile(input, menuCsv(name === 'blocked' ? 0 : 6));
    targets[name] = {
      mapping: DEMO_MAPPING,
      inputs: [input],
      base_url: sandbox.url,
      client_id: id.clientId,
      client_secret_file: secretFile,
      max_attempts: 1,
      notify: { url: `${hook.url}/${name}`, on: every, max_attempts: 1, timeout: 5 },
    };
  }
  const config = path.join(dir, 'menusync.config.yaml');
  await writeFile(
    config,
    stringify({ state: stateUrl, notify: { url: `${hook.url}/fleet`, max_attempts: 1 }, targets }),
  );
  return {
    sandbox,
    config,
    stateUrl,
    received: hook.received,
    run: (args) => runCli([...args, '--config', config, '--state', stateUrl], { cwd: dir }),
  };
}

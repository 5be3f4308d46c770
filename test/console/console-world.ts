import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { stringify } from 'yaml';
import { loadConfig } from '../../src/config/load-config.js';
import { startConsole, type RunningConsole } from '../../src/console/server.js';
import { sandboxClient, sandboxClients, startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { openStateStore } from '../../src/state/open-store.js';
import { DEMO_MAPPING, menuCsv } from '../cli-apply/fixture.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { schemaUrl, sql, testSchema } from '../state/postgres-fixture.js';

/** The console's tokens in every test: one that may view, one that may approve. */
export const VIEW_TOKEN = 'view-token-0123456789abcdef';
export const APPROVE_TOKEN = 'approve-token-0123456789abcdef';
export const LINK_KEY = 'console-link-key-0123456789abcdef0123456789';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface ConsoleTargetSpec {
  name: string;
  client: number;
  products?: number;
  tags?: string[];
  notify?: string;
  /** The outcomes its webhook hears (blocked alone by default). */
  notifyOn?: string[];
}

export interface ConsoleWorld {
  sandbox: SandboxHandle;
  dir: string;
  config: string;
  stateUrl: string;
  /** `menusync ARGS --config … --state …` in a child process (dist/). */
  run(args: string[]): Promise<CliResult>;
  /** Rewrites a target's export with `count` products (fewer: removals the delete guard blocks). */
  writeExport(spec: ConsoleTargetSpec, count: number, names?: (i: number) => string): Promise<void>;
  /** The console in this process, on 127.0.0.1 and a free port, stopped when the test ends. */
  serve(publicUrl?: string, basePath?: string): Promise<RunningConsole & { logged: string[] }>;
  /** GET or POST with a bearer token (or none), the answer's status, headers and text. */
  get(url: string, token?: string | null): Promise<{ status: number; headers: Headers; text: string }>;
  platformProducts(client: number): number;
}

/**
 * A sandbox (a client per target), a config with the console's tokens and key, and the state: a
 * local folder or, with `postgres`, a schema of this test's own.
 */
export async function startConsoleWorld(
  dir: string,
  specs: ConsoleTargetSpec[],
  options: { postgres?: boolean; publicUrl?: string } = {},
): Promise<ConsoleWorld> {
  const sandbox = await startSandbox({ clients: sandboxClients(Math.max(...specs.map((s) => s.client))) });
  onTestFinished(() => sandbox.close());
  const schema = options.postgres ? testSchema() : null;
  // menusync serve opens the workers' queue beside a PostgreSQL state: its schema goes too.
  if (schema)
    onTestFinished(() => sql(`DROP SCHEMA IF EXISTS "${schema}_queue" CASCADE`).then(() => undefined));
  const stateUrl = schema ? schemaUrl(schema) : path.join(dir, 'state');
  await mkdir(path.join(dir, 'secrets'), { recursive: true });
  const targets: Record<string, unknown> = {};
  const world: Partial<ConsoleWorld> = {};
  const inputOf = (spec: ConsoleTargetSpec) => path.join(dir, `${spec.name}.csv`);
  world.writeExport = async (spec, count, names) => {
    let csv = menuCsv(count);
    if (names)
      csv = csv.replace(
        /^(item-(\d+)),Item \d+,/gm,
        (_m, id: string, n: string) => `${id},"${names(Number(n)).replace(/"/g, '""')}",`,
      );
    await writeFile(inputOf(spec), csv);
  };
  for (const spec of specs) {
    const id = sandboxClient(spec.client);
    const secretFile = path.join(dir, 'secrets', `${spec.name}.secret`);
    await writeFile(secretFile, `${id.clientSecret}\n`);
    await world.writeExport(spec, spec.products ?? 10);
    targets[spec.name] = {
      mapping: DEMO_MAPPING,
      inputs: [inputOf(spec)],
      base_url: sandbox.url,
      client_id: id.clientId,
      client_secret_file: secretFile,
      max_attempts: 1,
      mode: 'replace',
      guards: { allow_deletes: 2 },
      ...(spec.tags ? { tags: spec.tags } : {}),
      ...(spec.notify
        ? { notify: { url: spec.notify, max_attempts: 1, timeout: 5, on: spec.notifyOn ?? ['blocked'] } }
        : {}),
    };
  }
  const consoleSection = {
    ...(options.publicUrl ? { public_url: options.publicUrl } : {}),
    key: LINK_KEY,
    tokens: [
      { name: 'viewer', sha256: sha256(VIEW_TOKEN), role: 'view' },
      { name: 'alice', sha256: sha256(APPROVE_TOKEN), role: 'approve' },
    ],
  };
  const config = path.join(dir, 'menusync.config.yaml');
  await writeFile(config, stringify({ console: consoleSection, targets }));
  return Object.assign(world, {
    sandbox,
    dir,
    config,
    stateUrl,
    run: (args: string[]) => runCli([...args, '--config', config, '--state', stateUrl], { cwd: dir }),
    async serve(publicUrl?: string, basePath?: string) {
      const loaded = (await loadConfig(config))!;
      if (publicUrl) loaded.config.console = { ...loaded.config.console, public_url: publicUrl };
      const store = await openStateStore(stateUrl);
      const logged: string[] = [];
      const running = await startConsole({
        store,
        stateUrl,
        loaded,
        queue: null,
        host: '127.0.0.1',
        port: 0,
        basePath,
        refreshSeconds: 0.05,
        env: {},
        log: (line) => logged.push(line),
      });
      onTestFinished(async () => {
        await running.close();
        await store.close();
      });
      return Object.assign(running, { logged });
    },
    async get(url: string, token: string | null = VIEW_TOKEN) {
      const response = await fetch(url, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        redirect: 'manual',
      });
      return { status: response.status, headers: response.headers, text: await response.text() };
    },
    platformProducts: (client: number) => sandbox.exportMenu(sandboxClient(client).clientId).products.length,
  }) as ConsoleWorld;
}

/** POSTs a form, with a bearer token or a cookie. */
export async function postForm(
  url: string,
  fields: Record<string, string>,
  auth: { token?: string; cookie?: string } = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
      ...(auth.cookie ? { cookie: auth.cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The value of a hidden field of a page's form. */
export function hiddenField(page: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(page);
  if (!match) throw new Error(`no hidden field ${name} in the page`);
  return match[1]!.replace(/&amp;/g, '&');
}

/** A webhook receiver on 127.0.0.1: the bodies it was sent. */
export async function startReceiver(): Promise<{ url: string; bodies: Record<string, unknown>[] }> {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      bodies.push(JSON.parse(text) as Record<string, unknown>);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies };
}

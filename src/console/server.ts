import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorLine } from '../apply/0-start/target-run-result.js';
import type { LoadedConfig } from '../config/load-config.js';
import { UsageError } from '../errors.js';
import { linkKey } from '../notify/approval-link.js';
import type { StateStore } from '../state/store.js';
import type { QueueConnection } from '../worker/queue.js';
import { ConsoleAuth } from './auth.js';
import { basePathOf, withinBase } from './base-path.js';
import type { ConsoleContext } from './console-context.js';
import { FleetIndex } from './fleet-index.js';
import { pathSegments, securityHeaders, send } from './http-io.js';
import { ConsoleMetrics } from './metrics.js';
import { route } from './routes.js';
import { sessionStoreOf } from './session-store.js';

export interface ConsoleOptions {
  store: StateStore;
  stateUrl: string;
  loaded: LoadedConfig | null;
  queue: QueueConnection | null;
  host: string;
  port: number;
  /** The path to serve under; else the config's console.base_path; else the root. */
  basePath?: string;
  /** How the caller names basePath in messages (the CLI: its flag). */
  basePathName?: string;
  /** Seconds the fleet index is reused before a page reads the state again. */
  refreshSeconds?: number;
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
  log(line: string): void;
}

export interface RunningConsole {
  url: string;
  /** Whether managers' links of runs are signed with a key that outlives this process. */
  linksSigned: boolean;
  context: ConsoleContext;
  close(): Promise<void>;
}

/** Starts `menusync serve`: the console's HTTP server over the state, on host:port (port 0: a free one). */
export async function startConsole(options: ConsoleOptions): Promise<RunningConsole> {
  const env = options.env ?? process.env;
  const now = options.now ?? (() => new Date());
  const configured = linkKey(options.loaded?.config.console, env);
  // Without a configured key the links this process makes hold only while it runs; workers cannot sign any.
  const key = configured ?? randomBytes(32).toString('base64url');
  const consoleConfig = options.loaded?.config.console;
  const base = basePathOf(
    options.basePath ?? consoleConfig?.base_path,
    consoleConfig?.public_url,
    options.basePath !== undefined ? options.basePathName : 'console.base_path',
  );
  const sessions = sessionStoreOf(options.store, options.stateUrl);
  const auth = new ConsoleAuth(consoleConfig, env, key, now, sessions, base || '/');
  if (auth.tokenCount === 0) {
    await sessions.close();
    throw new UsageError(
      'menusync serve needs a token: set MENUSYNC_CONSOLE_TOKEN, or console.tokens in the config',
      {
        hint: 'the console shows every target of the state and can approve changes: it never runs open',
      },
    );
  }
  const ctx: ConsoleContext = {
    store: options.store,
    stateUrl: options.stateUrl,
    loaded: options.loaded,
    queue: options.queue,
    index: new FleetIndex(
      options.store,
      options.loaded,
      options.queue,
      (options.refreshSeconds ?? 15) * 1000,
      now,
      options.log,
    ),
    auth,
    metrics: new ConsoleMetrics(),
    base,
    linkKey: key,
    now,
    log: options.log,
  };
  const secure = consoleConfig?.public_url?.startsWith('https:') ?? false;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://console.invalid');
    const within = withinBase(base, url.pathname);
    const segments = within === null ? null : pathSegments(within);
    const done = segments
      ? route({ ctx, request, response, url, segments, secure })
      : Promise.resolve(outside(response, within === null ? base : null));
    done.catch((error: unknown) => {
      ctx.log(`${request.method} ${url.pathname} failed: ${errorLine(error)}`);
      if (response.headersSent) return response.destroy();
      securityHeaders(response);
      send(
        response,
        500,
        'the console could not answer this request; its log says why\n',
        'text/plain; charset=utf-8',
      );
    });
  });
  try {
    await listen(server, options.host, options.port);
  } catch (error) {
    await sessions.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  // The first page should not wait for the whole fleet to be read.
  void ctx.index
    .refresh()
    .catch((error: unknown) => ctx.log(`reading the fleet failed: ${errorLine(error)}`));
  return {
    url: `http://${host}:${address.port}${base}/`,
    linksSigned: configured !== null,
    context: ctx,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await sessions.close();
    },
  };
}

/** A path that does not decode (400), or one outside the base path (404, naming where the console is). */
function outside(response: ServerResponse, base: string | null): void {
  securityHeaders(response);
  if (base === null) return send(response, 400, 'bad path\n', 'text/plain; charset=utf-8');
  send(response, 404, `not found: the console is under ${base}/\n`, 'text/plain; charset=utf-8');
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new UsageError(`cannot listen on ${host}:${port}: ${error.code ?? error.message}`)),
    );
    server.listen(port, host, () => resolve());
  });
}

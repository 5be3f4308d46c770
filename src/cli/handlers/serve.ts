import { loadConfig } from '../../config/load-config.js';
import { checkNumber } from '../../config/number-ranges.js';
import { resolveStateSpec } from '../../config/state-location.js';
import { UsageError } from '../../errors.js';
import { startConsole } from '../../console/server.js';
import { redact } from '../../secrets.js';
import { openStateStore } from '../../state/open-store.js';
import { isPostgresUrl } from '../../state/postgres/pg-url.js';
import { openQueue, type QueueConnection } from '../../worker/queue.js';
import { createOutput } from '../output.js';
import { stamped } from '../run-log.js';

export interface ServeArgs {
  state?: string;
  config?: string;
  listen: string;
  'base-path'?: string;
  'refresh-seconds': number;
}

/** Serves the console until SIGTERM or SIGINT. */
export async function runServe(args: ServeArgs): Promise<void> {
  const out = createOutput({});
  const { host, port } = parseListen(args.listen);
  const refreshSeconds = checkNumber('--refresh-seconds', args['refresh-seconds'], {
    min: 1,
    max: 3600,
    whole: false,
  });
  const loaded = await loadConfig(args.config);
  const stateUrl = resolveStateSpec({ flag: args.state, env: process.env.MENUSYNC_STATE, config: loaded });
  const store = await openStateStore(stateUrl);
  // The workers' queue, for what is queued and running where: only beside a PostgreSQL state.
  let queue: QueueConnection | null = null;
  try {
    if (loaded && isPostgresUrl(stateUrl))
      queue = await openQueue(stateUrl, { name: 'menusync serve', background: false });
    const running = await startConsole({
      store,
      stateUrl,
      loaded,
      queue,
      host,
      port,
      basePath: args['base-path'],
      basePathName: '--base-path',
      refreshSeconds,
      log: (line) => process.stderr.write(`${stamped(redact(line))}\n`),
    });
    out.data(`menusync serve: ${running.url} (state: ${store.location})`);
    if (!isLoopback(host)) out.warn(`listening on ${host}: the console is reachable from the network`);
    if (!running.linksSigned)
      out.warn("no console.key nor MENUSYNC_CONSOLE_KEY: managers' links hold only while this process runs");
    const signal = await new Promise<NodeJS.Signals>((resolve) => {
      process.once('SIGTERM', resolve);
      process.once('SIGINT', resolve);
    });
    out.info(`menusync serve: ${signal}: stopping`);
    await running.close();
  } finally {
    await queue?.close();
    await store.close();
  }
}

/** HOST:PORT, [IPv6]:PORT; the port from 0 (a free one) to 65535. */
export function parseListen(text: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(text);
  const port = match ? Number(match[3]) : NaN;
  if (!match || port > 65535)
    throw new UsageError(`--listen ${text} is not HOST:PORT`, {
      hint: 'e.g. --listen 127.0.0.1:8080, or 127.0.0.1:0 for a free port',
    });
  return { host: (match[1] ?? match[2])!, port };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

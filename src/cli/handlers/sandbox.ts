import { UsageError } from '../../errors.js';
import { startSandbox } from '../../sandbox/server.js';
import { MAX_SANDBOX_CLIENTS, sandboxClients, writeClientSecrets } from '../../sandbox/clients.js';
import { DEMO_CLIENT } from '../../sandbox/types.js';
import { createOutput } from '../output.js';
import { checkNumber, NUMBER_RANGES } from '../../config/number-ranges.js';

export interface SandboxArgs {
  port: number;
  host: string;
  'allow-remote': boolean;
  data?: string;
  'base-path'?: string;
  clients: number;
  'secrets-dir'?: string;
}

/** Serves the sandbox until SIGINT/SIGTERM. */
export async function runSandbox(args: SandboxArgs): Promise<void> {
  const out = createOutput();
  if (!isLoopback(args.host) && !args['allow-remote']) {
    throw new UsageError(
      `refusing to listen on ${args.host}: the sandbox's inspection and fault endpoints need no login`,
      { hint: 'use the default 127.0.0.1, or pass --allow-remote on a trusted network' },
    );
  }
  if (!Number.isInteger(args.clients) || args.clients < 0 || args.clients > MAX_SANDBOX_CLIENTS)
    throw new UsageError(`--clients must be a whole number from 0 to ${MAX_SANDBOX_CLIENTS}`);
  if (args['secrets-dir'] !== undefined && args.clients === 0)
    throw new UsageError('--secrets-dir needs --clients');
  if (args['secrets-dir'] !== undefined) await writeClientSecrets(args['secrets-dir'], args.clients);
  const sandbox = await startSandbox({
    clients: sandboxClients(args.clients),
    port: checkNumber('--port', args.port, NUMBER_RANGES.sandboxPort),
    host: args.host,
    ...(args.data ? { dataFile: args.data } : {}),
    ...(args['base-path'] ? { basePath: args['base-path'] } : {}),
  }).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new UsageError(`port ${args.port} is already in use: pick another with --port`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw new UsageError(`cannot listen on host ${args.host}`);
    throw error;
  });
  // The demo secret is printed on purpose: it only opens this local sandbox.
  out.data(
    [
      `sandbox listening on ${sandbox.url}`,
      `demo client id: ${DEMO_CLIENT.clientId}  secret: ${DEMO_CLIENT.clientSecret}`,
      '',
      'to point menusync at it:',
      `MENUSYNC_BASE_URL=${sandbox.url}`,
      `MENUSYNC_CLIENT_ID=${DEMO_CLIENT.clientId}`,
      `MENUSYNC_CLIENT_SECRET=${DEMO_CLIENT.clientSecret}`,
      '',
      ...clientLines(args.clients, args['secrets-dir']),
      'press Ctrl+C to stop',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await sandbox.close();
  out.info('sandbox stopped');
}

function clientLines(count: number, secretsDir: string | undefined): string[] {
  if (count === 0) return [];
  const files = secretsDir ? `; secret files in ${secretsDir}` : '';
  const range = count === 1 ? 'client-1' : `client-1 .. client-${count}`;
  return [
    `${count === 1 ? '1 more client' : `${count} more clients`}: ${range}, secret of client-N: client-N-secret${files}`,
    '',
  ];
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

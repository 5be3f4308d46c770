import type { CommandModule } from 'yargs';
import type { SandboxArgs } from '../handlers/sandbox.js';

/** Runs the local platform until SIGINT/SIGTERM, for trying menusync without real credentials. */
export const sandboxCommand: CommandModule<object, SandboxArgs> = {
  command: 'sandbox',
  describe: 'Run a local sandbox of the ordering platform (demo credentials included)',
  builder: (yargs) =>
    yargs
      .epilog(
        [
          'Test endpoints besides the platform interface:',
          "  GET  /_sandbox/menu    the client's whole stored menu (a client's login: OAuth token or X-Client-Id/X-Client-Secret)",
          "  POST /_sandbox/tamper  change the client's live menu behind menusync's back (same login); body",
          '                         {"removeProducts": N, "addHandmadeCategory": true | "Name", "hideCategories": ["ext_id"]}',
          '  /_sandbox/faults       inject faults (no login)',
        ].join('\n'),
      )
      .option('port', { type: 'number', default: 8787, describe: 'Port to listen on (0 = any free port)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'Interface to listen on' })
      .option('allow-remote', {
        type: 'boolean',
        default: false,
        describe:
          'Allow a non-loopback --host (/_sandbox/faults needs no login, so anyone who reaches it can inject faults: trusted networks only)',
      })
      .option('data', { type: 'string', describe: 'Keep the menus in this JSON file across restarts' })
      .option('base-path', { type: 'string', describe: 'Path prefix of every endpoint, e.g. /api' })
      .option('clients', {
        type: 'number',
        default: 0,
        describe:
          'Also serve client-1 .. client-N, each with its own menu; the secret of client-N is client-N-secret',
      })
      .option('secrets-dir', {
        type: 'string',
        describe: "Write each made-up client's secret to <dir>/client-N.secret (for client_secret_file)",
      }),
  handler: async (args) => (await import('../handlers/sandbox.js')).runSandbox(args),
};

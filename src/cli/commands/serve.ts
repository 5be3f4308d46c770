import type { CommandModule } from 'yargs';
import { STATE_OPTION_TEXT } from '../state-option.js';
import type { ServeArgs } from '../handlers/serve.js';

/** `menusync serve`: the fleet console, approvals and metrics over the state (src/console). */
export const serveCommand: CommandModule<object, ServeArgs> = {
  command: 'serve',
  describe: 'Serve the fleet console (targets, history, reports, approvals) and /metrics over the state',
  builder: (yargs) =>
    yargs
      .option('state', { type: 'string', describe: STATE_OPTION_TEXT })
      .option('config', {
        type: 'string',
        describe:
          'Config file: names, tags and schedules of the targets, tokens, approvals (default ./menusync.config.yaml)',
      })
      .option('listen', {
        type: 'string',
        default: '127.0.0.1:8080',
        describe: 'HOST:PORT to listen on (port 0: a free one); loopback unless told otherwise',
      })
      .option('base-path', {
        type: 'string',
        describe:
          "URL path to serve under behind a reverse proxy, e.g. /menusync (default: the config's console.base_path, else /)",
      })
      .option('refresh-seconds', {
        type: 'number',
        default: 15,
        describe: 'How long the fleet list is reused before the state is read again',
      }),
  handler: async (args) => (await import('../handlers/serve.js')).runServe(args),
};

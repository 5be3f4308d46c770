import type { CommandModule } from 'yargs';
import { withStateTargetOptions } from '../state-target-flags.js';
import type { HistoryArgs } from '../handlers/history.js';

/**
 * A target's runs, newest first: what each did, how it ended, and which a rollback can go back to;
 * with --all or --tag, each config target's newest runs, blocked and failed first.
 */
export const historyCommand: CommandModule<object, HistoryArgs> = {
  command: 'history',
  describe: "List a target's runs (newest first) and which are rollback points; --all: every target's newest",
  builder: (yargs) =>
    withStateTargetOptions(yargs)
      .option('base-url', {
        type: 'string',
        describe: 'Platform base URL: names the target (env MENUSYNC_BASE_URL)',
      })
      .option('client-id', {
        type: 'string',
        describe: 'Client id: names the target (env MENUSYNC_CLIENT_ID)',
      })
      .option('all', {
        type: 'boolean',
        describe: "Every config target's newest runs (blocked and failed first)",
      })
      .option('tag', {
        type: 'string',
        array: true,
        describe: 'The config targets carrying this tag (repeatable; --target may be repeated too)',
      })
      .option('limit', {
        type: 'number',
        describe: 'Show only the newest N runs (of each target with --all or --tag; default 1 there)',
      }),
  handler: async (args) => (await import('../handlers/history.js')).runHistory(args),
};

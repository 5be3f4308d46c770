import type { CommandModule } from 'yargs';
import { withStateTargetOptions } from '../state-target-flags.js';
import type { HistoryArgs } from '../handlers/history.js';

/** A target's runs, newest first: what each did, how it ended, and which a rollback can go back to. */
export const historyCommand: CommandModule<object, HistoryArgs> = {
  command: 'history',
  describe: "List a target's runs (newest first) and which are rollback points",
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
      .option('limit', { type: 'number', describe: 'Show only the newest N runs' }),
  handler: async (args) => (await import('../handlers/history.js')).runHistory(args),
};

import type { CommandModule } from 'yargs';
import { STATE_OPTION_TEXT } from '../state-option.js';
import type { StateListArgs } from '../handlers/state-list.js';

/** `menusync state list`: every target the state holds, its last run and where it stands. */
export const stateListCommand: CommandModule<object, StateListArgs> = {
  command: 'list',
  describe: 'List every target of the state with its last run, mode, outcome, uncertain mark and lock',
  builder: (yargs) =>
    yargs
      .option('state', { type: 'string', describe: STATE_OPTION_TEXT })
      .option('config', {
        type: 'string',
        describe: 'Config file whose state to list (default: ./menusync.config.yaml when present)',
      })
      .option('json', { type: 'boolean', default: false, describe: 'Print the targets as JSON' }),
  handler: async (args) => (await import('../handlers/state-list.js')).runStateList(args),
};

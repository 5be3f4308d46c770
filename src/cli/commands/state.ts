import type { Argv, CommandModule } from 'yargs';
import { stateCopyCommand } from './state-copy.js';
import { stateListCommand } from './state-list.js';

/** `menusync state <list|copy>`: look at and move the state (a folder or PostgreSQL). */
export const stateCommand: CommandModule<object, object> = {
  command: 'state',
  describe: 'Look at and move the state: list targets, copy between a folder and PostgreSQL',
  builder: (yargs: Argv) =>
    yargs
      .command(stateListCommand)
      .command(stateCopyCommand)
      .demandCommand(1, 'name what to do: list or copy'),
  handler: () => undefined,
};

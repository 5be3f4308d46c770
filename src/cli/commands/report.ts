import type { Argv, CommandModule } from 'yargs';
import { reportShowCommand } from './report-show.js';

/** `menusync report show`: the reports kept with the state. */
export const reportCommand: CommandModule<object, object> = {
  command: 'report',
  describe: 'Read the reports kept with the state (a folder or PostgreSQL)',
  builder: (yargs: Argv) => yargs.command(reportShowCommand).demandCommand(1, 'name what to do: show'),
  handler: () => undefined,
};

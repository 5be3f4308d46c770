import type { CommandModule } from 'yargs';
import type { StateCopyArgs } from '../handlers/state-copy.js';

/** `menusync state copy --from A --to B`: moves a state between backends (a folder, PostgreSQL). */
export const stateCopyCommand: CommandModule<object, StateCopyArgs> = {
  command: 'copy',
  describe: "Copy every target's state (snapshot, status, runs) from one state to another",
  builder: (yargs) =>
    yargs
      .option('from', {
        type: 'string',
        demandOption: true,
        describe: 'State to copy: a folder or postgres:// URL',
      })
      .option('to', {
        type: 'string',
        demandOption: true,
        describe: 'State to copy into: a folder or postgres:// URL',
      })
      .option('force', {
        type: 'boolean',
        default: false,
        describe: 'Replace the snapshot and status of targets the destination already holds',
      })
      .option('json', { type: 'boolean', default: false, describe: 'Print what was copied as JSON' }),
  handler: async (args) => (await import('../handlers/state-copy.js')).runStateCopy(args),
};

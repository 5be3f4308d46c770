import type { CommandModule } from 'yargs';
import { rejectRepeated } from '../reject-repeated.js';
import type { InitArgs } from '../handlers/init.js';

/** Writes a starter mapping for an export: the shipped one for a known POS, guesses otherwise. */
export const initCommand: CommandModule<object, InitArgs> = {
  command: 'init',
  describe: 'Recognize a POS export from its headers and write a starter mapping for it',
  builder: (yargs) =>
    rejectRepeated(yargs, ['input', 'out', 'force'])
      .option('input', {
        type: 'string',
        demandOption: true,
        describe: 'The export file (csv, xlsx or json)',
      })
      .option('out', { type: 'string', describe: 'Write the mapping here instead of printing it' })
      .option('force', { type: 'boolean', default: false, describe: 'Overwrite --out if it exists' })
      .example('$0 init --input export_items.csv --out my-menu.yaml', ''),
  handler: async (args) => (await import('../handlers/init.js')).runInit(args),
};

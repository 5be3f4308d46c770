import type { Argv, CommandModule } from 'yargs';
import { withMappingOptions } from './extract.js';
import type { ValidateArgs } from '../handlers/validate.js';

/** Checks a mapping (every problem with file:line) and, given inputs, the data it maps. */
export const validateCommand: CommandModule<object, ValidateArgs> = {
  command: 'validate',
  describe:
    "Check a mapping file and, with --input, the data it reads; --target checks a config target's (exit 0 valid, 2 problems)",
  builder: (yargs) =>
    withMappingOptions(yargs, { mappingRequired: false })
      .option('input', {
        type: 'string',
        array: true,
        describe: 'Input file(s) to check with the mapping (repeatable)',
      })
      .option('config', {
        type: 'string',
        describe: 'Config file (default: ./menusync.config.yaml when present)',
      })
      .option('target', {
        type: 'string',
        describe: "Check this config target's mapping, params and inputs (flags given win)",
      }) as Argv<ValidateArgs>,
  handler: async (args) => (await import('../handlers/validate.js')).runValidate(args),
};

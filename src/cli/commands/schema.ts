import type { CommandModule } from 'yargs';
import type { SchemaArgs } from '../handlers/schema.js';

/** Prints a JSON Schema generated from the zod schemas, for editors and other tools. */
export const schemaCommand: CommandModule<object, SchemaArgs> = {
  command: 'schema <what>',
  describe: 'Print the JSON Schema of the import payload or of the config file',
  builder: (yargs) =>
    yargs.positional('what', {
      choices: ['payload', 'config'] as const,
      demandOption: true,
      describe: 'Which schema',
    }),
  handler: async (args) => (await import('../handlers/schema.js')).runSchema(args),
};

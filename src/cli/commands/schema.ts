import type { CommandModule } from 'yargs';
import { configJsonSchema } from '../../config/config-reference.js';
import { importPayloadJsonSchema } from '../../model/json-schema.js';
import { createOutput } from '../output.js';

interface SchemaArgs {
  what: 'payload' | 'config';
}

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
  handler: (args) => {
    const schema = args.what === 'payload' ? importPayloadJsonSchema() : configJsonSchema();
    createOutput().data(JSON.stringify(schema, null, 2));
  },
};

import type { CommandModule } from 'yargs';
import { importPayloadJsonSchema } from '../../model/json-schema.js';
import { createOutput } from '../output.js';

interface SchemaArgs {
  what: 'payload';
}

/** Prints a JSON Schema generated from the zod schemas, for editors and other tools. */
export const schemaCommand: CommandModule<object, SchemaArgs> = {
  command: 'schema <what>',
  describe: 'Print the JSON Schema of the import payload',
  builder: (yargs) =>
    yargs.positional('what', { choices: ['payload'] as const, demandOption: true, describe: 'Which schema' }),
  handler: (args) => {
    const schema = args.what === 'payload' ? importPayloadJsonSchema() : {};
    createOutput().data(JSON.stringify(schema, null, 2));
  },
};

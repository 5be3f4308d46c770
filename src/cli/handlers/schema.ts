import { configJsonSchema } from '../../config/config-reference.js';
import { importPayloadJsonSchema } from '../../model/json-schema.js';
import { createOutput } from '../output.js';

export interface SchemaArgs {
  what: 'payload' | 'config';
}

/** Prints the schema asked for. */
export function runSchema(args: SchemaArgs): void {
  const schema = args.what === 'payload' ? importPayloadJsonSchema() : configJsonSchema();
  createOutput().data(JSON.stringify(schema, null, 2));
}

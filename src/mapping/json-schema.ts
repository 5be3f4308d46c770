import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { SHIPPED_MAPPINGS_DIR } from './loader.js';
import { Mapping } from './schema.js';

export const MAPPING_SCHEMA_FILE = path.join(SHIPPED_MAPPINGS_DIR, 'mapping.schema.json');

/** JSON Schema of mapping files for editors, generated from the zod schema (never written by hand). */
export function mappingJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(Mapping, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
  return {
    ...schema,
    $id: 'https://menusync.dev/mapping.schema.json',
    title: 'menusync mapping file (version 1)',
    description: 'See docs/mapping-format.md. Generated from src/mapping/schema.ts: do not edit by hand.',
  };
}

export function mappingJsonSchemaText(): string {
  return `${JSON.stringify(mappingJsonSchema(), null, 2)}\n`;
}

// `node dist/mapping/json-schema.js` rewrites mappings/mapping.schema.json.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeFile(MAPPING_SCHEMA_FILE, mappingJsonSchemaText());
  console.log(`wrote ${MAPPING_SCHEMA_FILE}`);
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAPPING_SCHEMA_FILE, mappingJsonSchema } from '../../src/mapping/json-schema.js';

describe('mappings/mapping.schema.json', () => {
  it('matches the zod schema (regenerate: npm run build && node dist/mapping/json-schema.js)', () => {
    const onDisk = JSON.parse(readFileSync(MAPPING_SCHEMA_FILE, 'utf8')) as unknown;
    expect(onDisk).toEqual(mappingJsonSchema());
  });

  it('describes both kinds of mapping', () => {
    const text = JSON.stringify(mappingJsonSchema());
    expect(text).toContain('"const":"table"');
    expect(text).toContain('"const":"document"');
  });
});

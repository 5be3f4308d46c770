import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importPayloadJsonSchema } from '../../src/model/index.js';
import { REPO_ROOT } from '../helpers/run-cli.js';

describe('import payload JSON Schema', () => {
  it('is generated from zod and the committed copy is up to date', () => {
    // Regenerate with: node bin/menusync.js schema payload > schema/import-payload.schema.json
    const committed: unknown = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'schema/import-payload.schema.json'), 'utf8'),
    );
    expect(committed).toEqual(importPayloadJsonSchema());
  });

  it('names exactly the spec fields of an import product', () => {
    const schema = importPayloadJsonSchema() as {
      properties: { products: { items: { properties: Record<string, unknown> } } };
    };
    expect(Object.keys(schema.properties.products.items.properties).sort()).toEqual(
      [
        'ext_id',
        'category_ext_id',
        'name',
        'description',
        'price',
        'prices_table',
        'image',
        'hidden',
        'position',
        'inherits_options',
        'options',
      ].sort(),
    );
  });
});

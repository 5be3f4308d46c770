import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseJsonWithoutDuplicates } from '../../src/mapping/json-fast-path.js';
import { MappingError, parseMappingText, SHIPPED_MAPPINGS_DIR } from '../../src/mapping/loader.js';

const table = { kind: 'table', table: { product: { ext_id: '{Handle}', name: '{Name}' } } };

describe('JSON mappings read without the YAML parser', () => {
  it('give the same value as the YAML parser for any JSON without repeated keys', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify({ wrap: value }, null, pretty ? 2 : undefined);
        const fast = parseJsonWithoutDuplicates(text);
        expect(fast).toBeDefined();
        expect(fast?.value).toEqual(parseDocument(text, { uniqueKeys: true }).toJS());
      }),
      { numRuns: 300 },
    );
  });

  it('leave a JSON object that repeats a key (even spelled with an escape) to YAML', () => {
    expect(parseJsonWithoutDuplicates('{"a": 1, "b": {"a": 2}, "\\u0061" : 3}')).toBeUndefined();
    expect(parseJsonWithoutDuplicates('{"a": [{"k": 1}, {"k": 2}], "b": "a"}')).toBeDefined();
    expect(parseJsonWithoutDuplicates('kind: table')).toBeUndefined();
  });

  it('still reject a mapping with a repeated key, naming its line', () => {
    const text = '{\n  "kind": "table",\n  "kind": "table",\n  "table": {}\n}';
    expect(() => parseMappingText(text, 'm.json')).toThrow(MappingError);
    expect(() => parseMappingText(text, 'm.json')).toThrow(/m\.json:3:/);
  });

  it('still report shape problems of a JSON mapping with their line', () => {
    const text = JSON.stringify({ ...table, table: { product: { ext_id: 5 } } }, null, 2);
    expect(() => parseMappingText(text, 'm.json')).toThrow(/m\.json:\d+:/);
  });

  it('load a shipped mapping written as JSON as its YAML loads', async () => {
    const file = path.join(SHIPPED_MAPPINGS_DIR, 'loyverse-items', 'mapping.yaml');
    const yamlText = await readFile(file, 'utf8');
    const asJson = JSON.stringify(parseDocument(yamlText).toJS(), null, 2);
    expect(parseJsonWithoutDuplicates(asJson)).toBeDefined();
    expect(parseMappingText(asJson, 'm.json')).toEqual(parseMappingText(yamlText, file));
  });
});

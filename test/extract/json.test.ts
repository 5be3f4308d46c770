import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { openSource } from '../../src/extract/registry.js';
import { tempDir } from './helpers.js';

const write = tempDir();

describe('JSON extractor', () => {
  it('reads a document, stripping a BOM', async () => {
    const source = await openSource(write('menu.json', '\uFEFF{"categories": []}'));
    expect(source).toMatchObject({ kind: 'document', document: { categories: [] }, issues: [] });
  });

  it.each([
    ['unexpected token', '{\r\n  "a": 1,\r\n  "b": }\r\n', 3, 8],
    ['missing comma', '[\n  1,\n  2\n  3\n]', 4, 3],
    ['trailing garbage', '{"a": 1}\n}', 2, 1],
    ['unterminated string', '{"a": "x', 1, 9],
  ])('reports a syntax error (%s) with file, line and column', async (label, text, line, column) => {
    const file = write(`${label}.json`, text);
    const error = await openSource(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toContain(`Invalid JSON in ${file} at line ${line}, column ${column}`);
  });
});

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { loadMapping, MappingError, parseMappingText } from '../../src/mapping/loader.js';
import { HEADER } from './helpers.js';
import { testTempDir } from '../helpers/temp-dir.js';

const TABLE = `${HEADER}sources: { items: {} }
kind: table
table:
  source: items
  product: { ext_id: "{Handle}", name: { column: Name } }
  category: { name: { value: Menu } }
`;

function problems(text: string): string[] {
  try {
    parseMappingText(text, 'm.yaml');
  } catch (error) {
    if (error instanceof MappingError) return error.problems;
    throw error;
  }
  return [];
}

describe('loading mappings', () => {
  it('accepts a minimal table mapping, in YAML and in JSON', () => {
    const mapping = parseMappingText(TABLE, 'm.yaml');
    expect(mapping.kind).toBe('table');
    expect(parseMappingText(JSON.stringify(mapping), 'm.json')).toEqual(mapping);
  });

  it.each([
    [
      'a typo in a key',
      TABLE.replace('name: { column: Name }', 'name: { colum: Name }'),
      /m\.yaml:9: table\.product\.name: unknown key "colum"/,
    ],
    [
      'a broken template',
      TABLE.replace('"{Handle}"', '"{Handle"'),
      /m\.yaml:9: table\.product\.ext_id: unclosed "\{"/,
    ],
    [
      'an unknown transform',
      TABLE.replace('{ column: Name }', '{ column: Name, transforms: [money, shout] }'),
      /m\.yaml:9: table\.product\.name\.transforms\[1\]/,
    ],
    [
      'two sources in one value spec',
      TABLE.replace('{ column: Name }', '{ column: Name, value: x }'),
      /give exactly one of/,
    ],
    [
      'a grouping without its key',
      TABLE.replace('  product:', '  group: { by: key }\n  product:'),
      /m\.yaml:9: table\.group: by: key needs "key"/,
    ],
    ['a missing required key', TABLE.replace('title: Inline test mapping\n', ''), /m\.yaml:1: title:/],
    ['an unknown kind', TABLE.replace('kind: table', 'kind: spreadsheet'), /m\.yaml:6: kind:/],
    [
      'a YAML syntax error',
      TABLE.replace('sources: { items: {} }', 'sources: { items: {} '),
      /m\.yaml:\d+: /,
    ],
  ])('reports %s with its line', (_name, text, pattern) => {
    expect(problems(text).join('\n')).toMatch(pattern);
  });

  it('lists every problem, not just the first', () => {
    const text = TABLE.replace('{ column: Name }', '{ colum: Name }').replace('version: 1', 'version: 2');
    const found = problems(text).join('\n');
    expect(found).toMatch(/m\.yaml:1: version:/);
    expect(found).toMatch(/m\.yaml:9: table\.product\.name: unknown key "colum"/);
  });

  it('resolves bare names to shipped mappings and reports unknown ones as invalid input', async () => {
    expect((await loadMapping('square-item-library')).mapping.name).toBe('square-item-library');
    await expect(loadMapping('no-such-pos')).rejects.toThrow(InvalidInputError);
    await expect(loadMapping('./nowhere/m.yaml')).rejects.toThrow(/mapping file not found/);
  });

  it('reads a mapping from a path', async () => {
    const file = path.join(testTempDir('loader'), 'mine.yaml');
    writeFileSync(file, TABLE);
    expect((await loadMapping(file)).mapping.name).toBe('inline');
  });
});

describe('cross-references in a table mapping', () => {
  it.each([
    [
      TABLE.replace('  source: items', '  source: products'),
      /m\.yaml:8: table\.source: "products" is not a key of sources/,
    ],
    [
      TABLE.replace(
        '  product:',
        '  modifier_sets: { columns: { pattern: "M - {name}" }, sets_param: sets }\n  product:',
      ),
      /m\.yaml:9: table\.modifier_sets\.sets_param: "sets" is not a declared parameter/,
    ],
  ])('reports a dangling name with its line (%#)', (text, pattern) => {
    expect(problems(text).join('\n')).toMatch(pattern);
  });
});

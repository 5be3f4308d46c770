import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { parsePath, selectPath } from '../../src/extract/json/index.js';
import { openSource } from '../../src/extract/registry.js';
import { tempDir } from './helpers.js';

const write = tempDir();

const menu = {
  categories: [
    { name: 'Pizza', items: [{ name: 'Margherita' }, { name: 'Diavola' }] },
    { name: 'Drinks', items: [{ name: 'Water' }] },
  ],
  'odd key': { "it's": 1 },
};

describe('selectPath', () => {
  it('selects every item with its concrete path', () => {
    expect(selectPath(menu, '$.categories[*].items[*]')).toEqual([
      { value: { name: 'Margherita' }, path: '$.categories[0].items[0]' },
      { value: { name: 'Diavola' }, path: '$.categories[0].items[1]' },
      { value: { name: 'Water' }, path: '$.categories[1].items[0]' },
    ]);
  });

  it('supports $, indexes and bracketed keys, and writes awkward keys in brackets', () => {
    expect(selectPath(menu, '$')).toEqual([{ value: menu, path: '$' }]);
    expect(selectPath(menu, "$.categories[1]['name']")).toEqual([
      { value: 'Drinks', path: '$.categories[1].name' },
    ]);
    expect(selectPath(menu, `$['odd key']["it's"]`)).toEqual([{ value: 1, path: "$['odd key']['it\\'s']" }]);
  });

  it('treats a single object where an array is expected as a one-element array (schema.org)', () => {
    const restaurant = {
      hasMenu: { hasMenuSection: { name: 'Mains', hasMenuItem: [{ name: 'Soup' }, { name: 'Stew' }] } },
    };
    expect(selectPath(restaurant, '$.hasMenu.hasMenuSection[*].hasMenuItem[*]').map((m) => m.path)).toEqual([
      '$.hasMenu.hasMenuSection.hasMenuItem[0]',
      '$.hasMenu.hasMenuSection.hasMenuItem[1]',
    ]);
    expect(selectPath(restaurant, '$.hasMenu.hasMenuSection[0].name')).toEqual([
      { value: 'Mains', path: '$.hasMenu.hasMenuSection.name' },
    ]);
  });

  it('selects nothing for missing keys, out-of-range indexes and keys on arrays', () => {
    expect(selectPath(menu, '$.nope[*]')).toEqual([]);
    expect(selectPath(menu, '$.categories[5]')).toEqual([]);
    expect(selectPath(menu, '$.categories.name')).toEqual([]);
    expect(selectPath({ a: null }, '$.a[*]')).toEqual([]);
  });

  it.each(['categories', '$..items', '$.categories[', '$.categories[-1]', '$[*]x', "$['unclosed]"])(
    'rejects the malformed path %j with InvalidInputError',
    (path) => {
      expect(() => parsePath(path)).toThrow(InvalidInputError);
    },
  );
});

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

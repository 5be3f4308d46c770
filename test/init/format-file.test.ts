import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatFileError, knownFormats, parseFormatFile } from '../../src/init/known-formats.js';
import { recognizeDocument, recognizeHeaders } from '../../src/init/recognize.js';
import { testTempDir } from '../helpers/temp-dir.js';

// format.yaml: recognition rules as data. Bad files are located errors; good ones recognise
// exactly what their rules say (docs/mappings.md "Adding a format").

function problemsOf(text: string): string[] {
  try {
    parseFormatFile(text, 'format.yaml');
  } catch (error) {
    if (error instanceof FormatFileError) return error.message.split('\n').slice(1);
    throw error;
  }
  return [];
}

/** A mappings folder holding one format folder per entry, each with the given format.yaml. */
async function formatsOf(files: Record<string, string>) {
  const dir = testTempDir('formats');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'format.yaml'), text);
  }
  return knownFormats(dir);
}

const TABLE = `label: Example export
recognize:
  - id: example-items
    kind: table
    headers: [Handle, '/^Price \\[.+\\]$/i']
    params:
      store: '/^Price \\[(.+)\\]$/i'
`;

describe('format.yaml', () => {
  it('accepts a table recognition and a JSON one', () => {
    expect(problemsOf(TABLE)).toEqual([]);
    const json = `label: J\nrecognize:\n  - { id: j, kind: json, json: [{ path: 'a[*].b', equals: 1 }, { any: [{ path: c, is: array }] }] }\n`;
    expect(problemsOf(json)).toEqual([]);
  });

  it.each([
    ['an unknown key', TABLE.replace('headers:', 'header:'), /format\.yaml:3: .*unknown key "header"/],
    [
      'no recognition',
      'label: X\nrecognize: []\n',
      /format\.yaml:2: recognize: name at least one recognition/,
    ],
    [
      'a bad regular expression',
      TABLE.replace("'/^Price", "'/(^Price"),
      /format\.yaml:5: .*not a valid regular expression/,
    ],
    ['a stateful flag', TABLE.replace("$/i']\n", "$/g']\n"), /format\.yaml:5: .*flags "g"/],
    [
      'a parameter without a capture group',
      TABLE.replace("'/^Price \\[(.+)\\]$/i'\n", "'/^Price/i'\n"),
      /format\.yaml:7: .*capture group/,
    ],
    ['an unknown kind', TABLE.replace('kind: table', 'kind: sheet'), /format\.yaml:4: recognize\[0\]\.kind/],
    [
      'an unknown `is`',
      `label: J\nrecognize:\n  - id: j\n    kind: json\n    json:\n      - { path: a, is: list }\n`,
      /format\.yaml:6: /,
    ],
    [
      'a bad path',
      `label: J\nrecognize:\n  - id: j\n    kind: json\n    json:\n      - { path: 'a[', is: array }\n`,
      /format\.yaml:6: .*bad path/,
    ],
    ['a YAML syntax error', 'label: [\n', /format\.yaml:\d+: /],
  ])('reports %s with its line', (_what, text, expected) => {
    const problems = problemsOf(text);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(expected);
  });

  it('names the file of a bad format.yaml found in a folder, and two folders using one id', async () => {
    await expect(formatsOf({ broken: 'label: X\n' })).rejects.toThrow(/broken[/\\]format\.yaml:1: recognize/);
    await expect(formatsOf({ a: TABLE, b: TABLE })).rejects.toThrow(
      /"example-items" is already used in .*a[/\\]format\.yaml/,
    );
  });

  it('recognises by its header rules and reads params from the first capture group', async () => {
    const { table } = await formatsOf({ example: TABLE });
    const found = recognizeHeaders([' handle ', 'Price [Main]', 'Price [Annex]'], table);
    expect(found?.format).toMatchObject({ id: 'example-items', mapping: 'example', label: 'Example export' });
    expect(found?.params).toEqual({ store: 'Main' });
    expect(found?.choices).toEqual({ store: ['Main', 'Annex'] });
    expect(recognizeHeaders(['Handle', 'Cost'], table)).toBeUndefined();
  });

  it('holds a JSON path when any node it reaches passes, and prefers the format with more conditions', async () => {
    const { document } = await formatsOf({
      loose: `label: Loose\nrecognize:\n  - { id: loose, kind: json, json: [{ path: '[*].type', equals: ITEM }] }\n`,
      strict: `label: Strict\nrecognize:\n  - id: strict\n    kind: json\n    json:\n      - { path: '[*].type', equals: ITEM }\n      - { path: '[*].item_data', is: object }\n`,
    });
    const items = [{ type: 'CATEGORY' }, { type: 'ITEM', item_data: {} }];
    expect(recognizeDocument(items, document)?.format.id).toBe('strict');
    expect(recognizeDocument([{ type: 'ITEM' }], document)?.format.id).toBe('loose');
    expect(recognizeDocument([{ type: 'CATEGORY' }], document)).toBeUndefined();
    expect(recognizeDocument({ type: 'ITEMS' }, document)).toBeUndefined();
  });

  it('skips a folder without format.yaml (a mapping init does not recognise)', async () => {
    const dir = testTempDir('formats');
    mkdirSync(path.join(dir, 'plain'));
    expect(await knownFormats(dir)).toEqual({ table: [], document: [] });
  });
});

import { describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import {
  escapeInvisible,
  hasInvisible,
  jsonMayHoldInvisible,
  quoteVisibly,
  utf8MayHoldInvisible,
} from '../../src/model/invisible-characters.js';
import { HEADER, runInline } from './helpers.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** The test mapping reads no price: leave out the `unpriced` warnings that says. */
const others = <T extends { code: string }>(issues: T[]): T[] =>
  issues.filter((issue) => issue.code !== 'unpriced');

const table = `${HEADER}sources:
  items: { format: csv }
kind: table
table:
  source: items
  product: { ext_id: "{Sku}", name: { column: Name }, description: { column: Notes, optional: true } }
  category: { name: { value: Menu } }
`;

describe('control and invisible format characters in names and descriptions', () => {
  it.each([
    ['U+202E right-to-left override', 'Pizza \u202Eazzip', 'U+202E'],
    ['U+2066 left-to-right isolate', 'Tea \u2066x\u2069', 'U+2066, U+2069'],
    ['a zero-width space', 'Te\u200Ba', 'U+200B'],
    ['ESC', 'Tea\u001B[31m', 'U+001B'],
    ['BEL', 'Tea\u0007', 'U+0007'],
    ['BS', 'Tea\u0008x', 'U+0008'],
    ['a CR in a quoted name', '"Fish\rChips"', 'U+000D'],
  ])('warns for %s in a CSV name, located by path, and shows it escaped', async (_what, cell, listed) => {
    const result = await runInline(table, { 'm.csv': `Sku,Name,Notes\n1,${cell},ok\n2,Clean,fine\n` });
    expect(result.stats.errors).toBe(0);
    expect(others(result.issues)).toEqual([
      {
        code: 'invisible-character',
        severity: 'warning',
        message: expect.stringContaining(`name of "1" holds characters a guest cannot see (${listed})`),
        location: { file: expect.stringContaining('m.csv'), path: '$.products[0].name' },
      },
    ]);
    const shown = others(result.issues)[0]?.message.split('would go live as ')[1] ?? '';
    expect(hasInvisible(shown, 'name')).toBe(false);
    expect(shown).toContain('\\');
  });

  it('allows line breaks and tabs in descriptions, joiners inside emoji, and warns for a lone CR there', async () => {
    const result = await runInline(table, {
      'm.csv': `Sku,Name,Notes\n1,Chef \u{1F468}\u200D\u{1F373} special,"two\nlines\twith tab"\n2,Tea,"over\rwritten"\n`,
    });
    expect(others(result.issues).map((issue) => issue.location.path)).toEqual(['$.products[1].description']);
  });

  it('warns for a tab in a name read from a comma-separated file', async () => {
    const result = await runInline(table, { 'm.csv': 'Sku,Name\n1,Tea\tx\n' });
    expect(others(result.issues).map((issue) => issue.code)).toEqual(['invisible-character']);
  });

  it('says nothing for a clean file with a byte-order mark', async () => {
    const result = await runInline(table, { 'm.csv': '\uFEFFSku,Name\n1,Tea\n' });
    expect(others(result.issues)).toEqual([]);
  });

  it('warns for JSON strings, raw or escaped', async () => {
    const dir = testTempDir('invisible');
    const file = path.join(dir, 'menu.json');
    writeFileSync(
      file,
      '{"categories":[{"id":1,"name":"Drinks\\u202e","active":true,"items":[{"id":11,"name":"Tea\u200B","price":2,"active":true}]}]}',
    );
    const result = await extractMenu({ mapping: 'gloriafood-menu', inputs: [file] });
    expect(others(result.issues).map((issue) => [issue.code, issue.location.path])).toEqual([
      ['invisible-character', '$.categories[0].name'],
      ['invisible-character', '$.products[0].name'],
    ]);
  });
});

describe('invisible-characters helpers', () => {
  it('escapes what a report must show', () => {
    expect(escapeInvisible('a\u202Eb\r\n\tc\u200Bd')).toBe('a\\u202Eb\\r\\n\\tc\\u200Bd');
    expect(quoteVisibly('Tea\u202E "x"\u0007')).toBe('"Tea\\u202E \\"x\\"\\u0007"');
  });

  it('judges names and descriptions apart', () => {
    expect(hasInvisible('two\nlines', 'description')).toBe(false);
    expect(hasInvisible('two\nlines', 'name')).toBe(true);
    expect(hasInvisible('Caf\u00e9 \u2014 \u201cbest\u201d', 'name')).toBe(false);
    expect(hasInvisible('\u200Dstray joiner', 'name')).toBe(true);
  });

  it('tells from bytes and JSON text whether the menu must be searched', () => {
    expect(utf8MayHoldInvisible(Buffer.from('Caf\u00e9 \u2019 \u20ac ok'))).toBe(false);
    expect(utf8MayHoldInvisible(Buffer.from('x\u202Ey'))).toBe(true);
    expect(utf8MayHoldInvisible(Buffer.from('\uFEFFok'), 3)).toBe(false);
    expect(utf8MayHoldInvisible(Buffer.from('\uFEFFok'))).toBe(true);
    expect(jsonMayHoldInvisible('{"a":"Caf\u00e9"}')).toBe(false);
    expect(jsonMayHoldInvisible('{"a":"x\\u202e"}')).toBe(true);
    expect(jsonMayHoldInvisible('{"a":"x\\n"}')).toBe(true);
  });
});

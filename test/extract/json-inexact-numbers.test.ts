import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInexactNumber, keepInexactNumbers } from '../../src/extract/json/inexact-numbers.js';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { testTempDir } from '../helpers/temp-dir.js';

const menu = (id: string, price: string): string =>
  `{"categories":[{"id":1,"name":"Drinks","active":true,"items":[{"id":${id},"name":"Tea","price":${price},"active":true}]}]}`;

function write(name: string, text: string): string {
  const file = path.join(testTempDir('inexact'), name);
  writeFileSync(file, text);
  return file;
}

describe('JSON numbers a double cannot hold', () => {
  it.each([
    ['9007199254740993', true],
    ['9007199254740992', false],
    ['19.990000000000000001', true],
    ['4.50', false],
    ['1e21', false],
    ['1e400', true],
    ['-0.1000000000000000055511151231257827', true],
    ['123456789012345678901234567890', true],
  ])('%s is inexact: %s', (text, inexact) => {
    expect(isInexactNumber(text)).toBe(inexact);
  });

  it('keeps their source text in the document, by JSON path', () => {
    const text = '{"items":[{"id":9007199254740993,"n":1},{"a b":[12345678901234567890]}]}';
    const document = JSON.parse(text) as { items: [{ id: unknown }, { 'a b': unknown[] }] };
    const found = keepInexactNumbers(text, document);
    expect([...found]).toEqual([
      ['$.items[0].id', '9007199254740993'],
      ["$.items[1]['a b'][0]", '12345678901234567890'],
    ]);
    expect(document.items[0].id).toBe('9007199254740993');
    expect(document.items[1]['a b'][0]).toBe('12345678901234567890');
  });

  it('keeps an id beyond 2^53 as written where the mapping reads it as text (the ext_id)', async () => {
    const result = await extractMenu({
      mapping: 'gloriafood-menu',
      inputs: [write('id.json', menu('9007199254740993', '2.50'))],
    });
    expect(result.stats.errors).toBe(0);
    expect(result.menu.products.map((p) => p.ext_id)).toEqual([expect.stringContaining('9007199254740993')]);
  });

  it('is a located error where it is read as money', async () => {
    const result = await extractMenu({
      mapping: 'gloriafood-menu',
      inputs: [write('price.json', menu('11', '19.990000000000000001'))],
    });
    expect(result.issues).toContainEqual({
      code: 'bad-price',
      severity: 'error',
      message: expect.stringContaining('19.990000000000000001 is not a price a number can hold exactly'),
      location: { file: expect.stringContaining('price.json'), path: '$.categories[0].items[0].price' },
    });
  });
});

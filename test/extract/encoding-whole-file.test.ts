import { describe, expect, it } from 'vitest';
import { openSource } from '../../src/extract/registry.js';
import { firstMultiByteSequence } from '../../src/extract/utf8-faults.js';
import { asTable, readAll, tempDir } from './helpers.js';

const write = tempDir();

/** `rows` ASCII rows after a Windows-1252 "Café" on row 2, and `tail` (bytes) as the last row. */
function cp1252Then(rows: number, tail: Buffer): Buffer {
  const lines: Buffer[] = [Buffer.from('Name,Price\nCaf\xe9 noir,2\n', 'latin1')];
  for (let i = 0; i < rows; i++) lines.push(Buffer.from(`Item ${i},1\n`));
  lines.push(tail);
  return Buffer.concat(lines);
}

describe('CSV encoding is decided on the whole file', () => {
  it('makes UTF-8 far past the sample of a Windows-1252 file a located error naming both encodings', async () => {
    const file = write('mixed.csv', cp1252Then(20_000, Buffer.from('Café late,3\n', 'utf8')));
    const source = asTable(await openSource(file));
    expect(source.encoding).toBe('windows-1252');
    await readAll(source);
    expect(source.issues).toEqual([
      {
        code: 'encoding',
        severity: 'error',
        message: expect.stringMatching(
          /^0xC3 0xA9 at byte \d+ is UTF-8 "é", but the file is read as Windows-1252, chosen from its bytes at row 2 \(0xE9 at byte 14, Windows-1252 "é"\)/,
        ),
        location: { file, row: 20_003 },
      },
    ]);
  });

  it('finds a UTF-8 sequence split across two chunks', async () => {
    // The 64 KB chunk boundary falls between 0xC3 and 0xA9.
    const head = cp1252Then(0, Buffer.alloc(0));
    const filler = Buffer.alloc(64 * 1024 - head.length - 1, 'a');
    const file = write('split.csv', Buffer.concat([head, filler, Buffer.from('é,1\n', 'utf8')]));
    const source = asTable(await openSource(file, { headerRow: 1 }));
    await readAll(source);
    expect(source.issues.map((issue) => issue.code)).toEqual(['encoding']);
  });

  it('reads a file that is Windows-1252 throughout without an error', async () => {
    const source = asTable(
      await openSource(write('cp1252.csv', cp1252Then(20_000, Buffer.from('Th\xe9,3\n', 'latin1')))),
    );
    await readAll(source);
    expect(source.issues).toEqual([]);
  });

  it('lets a given encoding decide', async () => {
    const file = write('given.csv', cp1252Then(20_000, Buffer.from('Café late,3\n', 'utf8')));
    const source = asTable(
      await openSource(file, { encoding: 'windows-1252', encodingOrigin: 'set by --encoding' }),
    );
    const records = await readAll(source);
    expect(records.at(-1)?.cells[0]).toBe('CafÃ© late');
    expect(source.issues).toEqual([]);
  });
});

describe('firstMultiByteSequence', () => {
  it.each([
    ['ASCII', [0x61, 0x62], -1],
    ['Windows-1252 é between letters', [0x43, 0xe9, 0x74], -1],
    ['UTF-8 é', [0x43, 0xc3, 0xa9], 1],
    ['UTF-8 €', [0xe2, 0x82, 0xac], 0],
    ['overlong E0 80 80', [0xe0, 0x80, 0x80], -1],
    ['surrogate ED A0 80', [0xed, 0xa0, 0x80], -1],
    ['cut off at the end', [0x61, 0xe2, 0x82], -1],
    ['four bytes', [0xf0, 0x9f, 0x8d, 0x95], 0],
  ])('%s', (_name, bytes, expected) => {
    expect(firstMultiByteSequence(Uint8Array.from(bytes))).toBe(expected);
  });
});

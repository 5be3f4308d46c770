import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES } from '../../src/extract/csv/file-batches.js';
import { detectEncoding } from '../../src/extract/csv/detect-encoding.js';
import { openSource } from '../../src/extract/registry.js';
import { scanUtf8, type Utf8Fault } from '../../src/extract/utf8-faults.js';
import { asTable, macRoman, readAll, tempDir, windows1252 } from './helpers.js';

const write = tempDir();
const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');
const bytes = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? utf8(part) : Buffer.from(part))));

async function read(name: string, content: Buffer, options = {}) {
  const source = asTable(await openSource(write(name, content), options));
  const records = await readAll(source);
  return { source, records, issues: source.issues };
}

describe('detectEncoding: UTF-8 whenever valid multi-byte sequences occur', () => {
  it.each([
    ['a stray Windows-1252 apostrophe beside "Café crème"', bytes('Name\nCafé crème\nChef', [0x92], 's\n')],
    [
      'a valid "é" and one invalid byte (the "CafÃ© Latte" case)',
      bytes('Name\nCafé Latte\nTh', [0xe9], '\n'),
    ],
    ['a MacRoman-looking byte after UTF-8 text', bytes('Name\nPiña\nCaf', [0x8e], '\n')],
  ])('%s', (_label, sample) => {
    const detected = detectEncoding(sample);
    expect(detected.encoding).toBe('utf-8');
    expect(detected.reason).toMatch(/valid multi-byte sequences?, 1 invalid in the sample/);
  });

  it('reads a pure-ASCII sample as UTF-8, saying so', () => {
    expect(detectEncoding(utf8('Name,Price\nTea,1\n'))).toEqual({
      encoding: 'utf-8',
      bomLength: 0,
      reason: 'only ASCII bytes',
    });
  });

  it.each([
    ['Windows-1252', windows1252('Name\nKäse Brötchen\nChef’s “Best” – 2 €\n'), 'windows-1252'],
    ['MacRoman', macRoman('Name\nCafé crème\nGâteau à la française\n'), 'macintosh'],
  ])('chooses %s only by evidence, naming the scores', (_label, sample, encoding) => {
    const detected = detectEncoding(sample);
    expect(detected.encoding).toBe(encoding);
    expect(detected.reason).toMatch(
      /^no valid UTF-8 multi-byte sequence; reads as text: Windows-1252 -?\d+, MacRoman -?\d+$/,
    );
  });

  it('does not default to a single-byte encoding when neither reads better', () => {
    // 0x92 is "’" in Windows-1252 and "í" in MacRoman: both read as a letter inside a word.
    const detected = detectEncoding(bytes('Name\nChef', [0x92], 's special\n'));
    expect(detected.encoding).toBe('utf-8');
    expect(detected.reason).toContain('no single-byte encoding reads better');
  });
});

describe('scanUtf8 finds what Node decodes as U+FFFD', () => {
  // A fixed pseudo-random stream (no timing, no flakiness): bytes biased to the UTF-8 lead and
  // continuation ranges so that valid, truncated and overlong sequences all occur.
  function randomBytes(seed: number, length: number): Buffer {
    let state = seed;
    const out = Buffer.alloc(length);
    for (let i = 0; i < length; i++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      const pick = state % 6;
      out[i] = pick < 2 ? 0x61 : pick === 2 ? 0x80 + (state % 64) : 0xc0 + (state % 64);
    }
    return out;
  }

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('seed %i: one fault per U+FFFD, in order', (seed) => {
    const sample = Buffer.concat([randomBytes(seed, 4000), utf8('\uFFFD end')]);
    const faults: Utf8Fault[] = [];
    scanUtf8(sample, 0, (fault) => faults.push(fault));
    const decoded = sample.toString('utf8');
    expect(faults.length).toBe([...decoded].filter((char) => char === '\uFFFD').length);
    expect(faults.at(-1)).toMatchObject({ literal: true, offset: sample.length - 7 });
  });

  it('names the bytes of each maximal invalid subpart', () => {
    const faults: Utf8Fault[] = [];
    const multiByte = scanUtf8(bytes('é', [0xe2, 0x82], 'A', [0xff], '€', [0xf0, 0x9f]), 100, (f) =>
      faults.push(f),
    );
    expect(multiByte).toBe(2);
    expect(faults).toEqual([
      { offset: 102, hex: '0xE2 0x82', literal: false },
      { offset: 105, hex: '0xFF', literal: false },
      { offset: 109, hex: '0xF0 0x9F', literal: false },
    ]);
  });
});

describe('CSV: invalid UTF-8 is a located error, never a silent guess', () => {
  it('names the row, the column and the bytes in hex, and keeps "Café crème" intact', async () => {
    const { source, records, issues } = await read(
      'stray.csv',
      bytes('Name,Note\nCafé crème,ok\nChef', [0x92], 's special,fine\nTea,bad ', [0xe2, 0x82], '\n'),
    );
    expect(source.encoding).toBe('utf-8');
    expect(records.map((r) => r.cells[0])).toEqual(['Café crème', 'Chef\uFFFDs special', 'Tea']);
    expect(issues).toEqual([
      expect.objectContaining({
        code: 'encoding',
        severity: 'error',
        location: { file: expect.any(String), row: 3, column: 'Name' },
        message: expect.stringContaining('invalid UTF-8 0x92 at byte 30'),
      }),
      expect.objectContaining({
        severity: 'error',
        location: { file: expect.any(String), row: 4, column: 'Note' },
        message: expect.stringContaining('0xE2 0x82 at byte 54'),
      }),
    ]);
  });

  it('pairs faults with cells across chunk boundaries, quoted line breaks and literal U+FFFDs', async () => {
    const filler = Array.from({ length: (2 * CHUNK_BYTES) / 20 }, (_, i) => `Crème ${i},x`).join('\n');
    const content = bytes(
      'Name,Note\n',
      'Literal \uFFFD here,"two\nlines ',
      [0xe9],
      '"\n',
      filler,
      '\nLate,',
      [0x80, 0x20, 0xc3],
      '\n',
    );
    const { records, issues } = await read('chunks.csv', content);
    const late = records.at(-1);
    expect(late?.cells).toEqual(['Late', '\uFFFD \uFFFD']);
    expect(issues.map((issue) => [issue.location.row, issue.location.column])).toEqual([
      [2, 'Note'],
      [late?.row, 'Note'],
    ]);
    expect(issues[1]?.message).toMatch(/0x80 at byte \d+, 0xC3 at byte \d+/);
    expect(issues[0]?.message).toContain('0xE9');
  });

  it('locates an invalid byte in the header row and in a column no one reads', async () => {
    const { source, issues } = await read(
      'header.csv',
      bytes('Na', [0xef], 'me,Notes\nThé,ok ', [0xa0], '\n'),
    );
    expect(source.headers).toEqual(['Na\uFFFDme', 'Notes']);
    expect(issues.map((issue) => [issue.location.row, issue.location.column])).toEqual([
      [1, 'Na\uFFFDme'],
      [2, 'Notes'],
    ]);
  });

  it('a sequence cut off by the end of the file is an error on the last row', async () => {
    const { issues } = await read('cut.csv', bytes('Name\nTea\nCaf', [0xc3]));
    expect(issues).toMatchObject([
      { location: { row: 3, column: 'Name' }, message: expect.stringContaining('0xC3') },
    ]);
  });

  it('a clean UTF-8 file has no issues, and a literal U+FFFD alone is not an invalid byte', async () => {
    const { issues } = await read('literal.csv', utf8('Name\nCafé\nOdd \uFFFD\n'));
    expect(issues).toEqual([]);
  });

  it('reads Windows-1252 and MacRoman files chosen by evidence, with no issues', async () => {
    const text = 'Name\nCafé crème\nMüller Brötchen\n';
    for (const [content, encoding] of [
      [windows1252(text), 'windows-1252'],
      [macRoman(text), 'macintosh'],
    ] as const) {
      const { source, records, issues } = await read(`${encoding}.csv`, content);
      expect(source.encoding).toBe(encoding);
      expect(records.map((r) => r.cells[0])).toEqual(['Café crème', 'Müller Brötchen']);
      expect(issues).toEqual([]);
    }
  });
});

describe('CSV: the encoding option overrides detection', () => {
  it('reads with the given encoding and names where it was set', async () => {
    const { source, records } = await read('given.csv', bytes('Name\nChef', [0x92], 's special\n'), {
      encoding: 'cp1252',
      encodingOrigin: 'set by --encoding',
    });
    expect(source).toMatchObject({ encoding: 'windows-1252', encodingReason: 'set by --encoding' });
    expect(records[0]?.cells).toEqual(['Chef’s special']);
    expect(source.issues).toEqual([]);
  });

  it('warns when a single-byte encoding is set for bytes that read as UTF-8', async () => {
    const { records, issues } = await read('mismatch.csv', utf8('Name\nCafé Latte\n'), {
      encoding: 'windows-1252',
    });
    expect(records[0]?.cells).toEqual(['CafÃ© Latte']);
    expect(issues).toMatchObject([
      {
        code: 'encoding',
        severity: 'warning',
        message: expect.stringContaining('1 valid UTF-8 multi-byte sequence'),
      },
    ]);
  });

  it('utf-8 given for a Windows-1252 file makes every accented byte a located error', async () => {
    const { issues } = await read('forced.csv', windows1252('Name\nKäse\n'), { encoding: 'utf-8' });
    expect(issues).toMatchObject([{ severity: 'error', location: { row: 2, column: 'Name' } }]);
  });
});

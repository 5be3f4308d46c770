import { readdirSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openSource } from '../../src/extract/registry.js';
import { asTable, macRoman, readAll, tempDir, utf16be, windows1252 } from './helpers.js';

const write = tempDir();

describe('CSV delimiters', () => {
  it.each([
    [',', 'comma'],
    [';', 'semicolon'],
    ['\t', 'tab'],
    ['|', 'pipe'],
  ])('detects %j (%s) and splits on it, not on the others inside cells', async (delimiter, name) => {
    const others = [',', ';', '|'].filter((d) => d !== delimiter).join(' ');
    const text = [
      `Name${delimiter}Price${delimiter}Note`,
      `Tea${delimiter}2.50${delimiter}"x ${others}"`,
      `Coffee${delimiter}3${delimiter}y`,
    ].join('\n');
    const source = asTable(await openSource(write(`${name}.csv`, text)));
    expect(source.delimiter).toBe(delimiter);
    expect(source.headers).toEqual(['Name', 'Price', 'Note']);
    expect((await readAll(source)).map((r) => r.cells)).toEqual([
      ['Tea', '2.50', `x ${others}`],
      ['Coffee', '3', 'y'],
    ]);
  });

  it('prefers the delimiter that is steady across lines over one frequent in a single line', async () => {
    const text = 'a;b;c\n"x, y, z, w";1;2\nq;2,5;3\nr;4;5\n';
    expect(asTable(await openSource(write('steady.csv', text))).delimiter).toBe(';');
  });

  it('uses options.delimiter when given', async () => {
    const source = asTable(
      await openSource(write('forced.txt', 'a,b;c\n1,2;3\n'), { delimiter: ';', format: 'csv' }),
    );
    expect(source.headers).toEqual(['a,b', 'c']);
  });
});

describe('CSV encodings', () => {
  const text = 'Name,Price\nCafé crème,3.50\nPiña,4\nMüller Brötchen,1\n';
  it.each([
    ['UTF-8 without BOM', Buffer.from(text, 'utf8'), 'utf-8'],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), 'utf-8'],
    [
      'UTF-16 LE with BOM',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      'utf-16le',
    ],
    ['UTF-16 BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]), 'utf-16be'],
    ['Windows-1252', windows1252(text), 'windows-1252'],
    ['MacRoman', macRoman(text), 'macintosh'],
  ])('reads %s', async (label, bytes, encoding) => {
    const source = asTable(await openSource(write(`${label}.csv`, bytes)));
    expect(source.encoding).toBe(encoding);
    expect(source.headers).toEqual(['Name', 'Price']);
    expect((await readAll(source)).map((r) => r.cells[0])).toEqual(['Café crème', 'Piña', 'Müller Brötchen']);
    expect(source.issues).toEqual([]);
  });

  it('reads Windows-1252 punctuation (curly quotes, euro, dash) as such', async () => {
    const source = asTable(
      await openSource(
        write('cp1252-punct.csv', windows1252('Name,Note\nTea,“Best” – 2 €\nCake,Chef’s pick\n')),
      ),
    );
    expect(source.encoding).toBe('windows-1252');
    expect((await readAll(source)).map((r) => r.cells[1])).toEqual(['“Best” – 2 €', 'Chef’s pick']);
  });

  it('takes MacRoman for CR-only files even with few accents', async () => {
    const source = asTable(await openSource(write('mac-cr.csv', macRoman('Name,Price\rCafé,3\rTea,2\r'))));
    expect(source.encoding).toBe('macintosh');
    expect((await readAll(source)).map((r) => [r.row, r.cells[0]])).toEqual([
      [2, 'Café'],
      [3, 'Tea'],
    ]);
  });

  it('honours options.encoding, including the latin1 alias', async () => {
    const file = write('latin1.csv', windows1252('Name\nCafé\n'));
    const source = asTable(await openSource(file, { encoding: 'latin1' }));
    expect((await readAll(source))[0]?.cells).toEqual(['Café']);
  });

  it('finds non-ASCII text past the first 64 KB when the start is plain ASCII', async () => {
    const filler = Array.from({ length: 3000 }, (_, i) => `Item ${i},1.00`).join('\n');
    const source = asTable(
      await openSource(write('late-accent.csv', macRoman(`Name,Price\n${filler}\nCafé crème,2\n`))),
    );
    expect(source.encoding).toBe('macintosh');
    expect((await readAll(source)).at(-1)?.cells[0]).toBe('Café crème');
  });

  it('reports bytes that stop being UTF-8 after the sampled start as an encoding issue', async () => {
    const filler = Array.from({ length: 6000 }, (_, i) => `Crème ${i},1.00`).join('\n');
    const bytes = Buffer.concat([Buffer.from(`Name,Price\n${filler}\n`, 'utf8'), windows1252('Café,2\n')]);
    const source = asTable(await openSource(write('mixed.csv', bytes)));
    expect(source.encoding).toBe('utf-8');
    expect(await readAll(source)).toHaveLength(6001);
    expect(source.issues.map((issue) => issue.code)).toEqual(['encoding']);
  });

  it('strips a UTF-8 BOM from the first header', async () => {
    const source = asTable(await openSource(write('bom.csv', '\uFEFFHandle,Name\nh,n\n')));
    expect(source.headers[0]).toBe('Handle');
  });
});

describe('CSV line endings and row numbers', () => {
  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])(
    '%s: quoted multi-line cells stay in one record and rows are physical start lines',
    async (name, eol) => {
      const text = [
        'Name,Description,Price',
        `Tea,"Green${eol}and fresh${eol}leaves",2`,
        'Coffee,Black,3',
        `Cake,"Two${eol}lines",4`,
        'Bun,Plain,1',
        '',
      ].join(eol);
      const records = await readAll(await openSource(write(`${name}.csv`, text)));
      expect(records.map((r) => [r.row, r.cells[0], r.cells[1]])).toEqual([
        [2, 'Tea', `Green${eol}and fresh${eol}leaves`],
        [5, 'Coffee', 'Black'],
        [6, 'Cake', `Two${eol}lines`],
        [8, 'Bun', 'Plain'],
      ]);
    },
  );

  it('counts bare CR CR inside cells of a CRLF file as line breaks', async () => {
    const text = 'Name,Description\r\nTea,"one\r\rtwo"\r\nCoffee,x\r\n';
    const records = await readAll(await openSource(write('crcr.csv', text)));
    expect(records.map((r) => [r.row, r.cells[1]])).toEqual([
      [2, 'one\r\rtwo'],
      [5, 'x'],
    ]);
  });

  it('skips empty lines but keeps counting them', async () => {
    const records = await readAll(
      await openSource(write('blank.csv', 'Name,Price\n\nTea,1\n\n\nCoffee,2\n')),
    );
    expect(records.map((r) => [r.row, r.cells[0]])).toEqual([
      [3, 'Tea'],
      [6, 'Coffee'],
    ]);
  });

  it('keeps records with a different number of cells and trims nothing', async () => {
    const records = await readAll(await openSource(write('ragged.csv', 'a,b,c\n 1 ,2\n3,4,5,6\n')));
    expect(records.map((r) => r.cells)).toEqual([
      [' 1 ', '2'],
      ['3', '4', '5', '6'],
    ]);
  });
});

describe('CSV header row', () => {
  const titled = 'Menu export,,\nGenerated 2024-05-01,,\nHandle,Name,Price\nh1,Tea,2\nh2,Coffee,3\n';

  it('finds a header on row 3 by hints, case-insensitively and trimmed', async () => {
    const source = asTable(
      await openSource(write('hints.csv', titled), { headerHints: [' handle', 'PRICE'] }),
    );
    expect(source.headerRow).toBe(3);
    expect((await readAll(source)).map((r) => r.row)).toEqual([4, 5]);
  });

  it('finds a header on row 3 by the heuristic', async () => {
    const source = asTable(await openSource(write('heuristic.csv', titled)));
    expect(source.headerRow).toBe(3);
    expect(source.headers).toEqual(['Handle', 'Name', 'Price']);
  });

  it('uses options.headerRow', async () => {
    const source = asTable(await openSource(write('explicit.csv', titled), { headerRow: 4 }));
    expect(source.headers).toEqual(['h1', 'Tea', '2']);
    expect((await readAll(source)).map((r) => r.row)).toEqual([5]);
  });

  it('rejects hints that no row matches with an error naming the file', async () => {
    const file = write('nohints.csv', titled);
    await expect(openSource(file, { headerHints: ['SKU'] })).rejects.toThrow(
      /nohints\.csv.*header hints \(SKU\)/,
    );
  });

  it.skipIf(process.platform !== 'linux')('closes the file when it finds no header', async () => {
    // Bigger than one 64 KB read: the header search gives up with most of the file unread.
    const file = write(
      'nohints-closed.csv',
      `${'name,price,note\n'.repeat(1)}${'Tea,2,xxxxxxxxxxxxxxxxxxxxxxxx\n'.repeat(5000)}`,
    );
    const openOnIt = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === file;
        } catch {
          return false;
        }
      }).length;
    for (let i = 0; i < 3; i++) await expect(openSource(file, { headerHints: ['SKU'] })).rejects.toThrow();
    expect(openOnIt()).toBe(0);
  });

  it('unescapes doubled quotes inside header cells', async () => {
    const source = asTable(
      await openSource(
        write('quoted-header.csv', 'Handle,"Modifier - ""YeYe""","Tax - ""GST"" (8%)"\nh,Y,N\n'),
      ),
    );
    expect(source.headers).toEqual(['Handle', 'Modifier - "YeYe"', 'Tax - "GST" (8%)']);
  });

  it('refuses an empty file before reading it: "the export is empty", exit 2', async () => {
    for (const [name, text, what] of [
      ['empty.csv', '', 'no bytes'],
      ['blank.csv', '\uFEFF\r\n \t\n', 'only blank lines'],
    ] as const) {
      const file = write(name, text);
      const refusal = openSource(file);
      await expect(refusal).rejects.toThrow(`${file}: the export is empty (${what})`);
      await expect(refusal).rejects.toMatchObject({ exitCode: 2 });
    }
  });

  it('reports a file of blank lines too long to scan first as header-not-found, in the same words', async () => {
    const source = asTable(await openSource(write('blank-lines.csv', '\n'.repeat(100_000))));
    expect(source.headers).toEqual([]);
    expect(await readAll(source)).toEqual([]);
    expect(source.issues.map((issue) => [issue.code, issue.message])).toEqual([
      ['header-not-found', 'the export is empty: no header and no records'],
    ]);
  });
});

describe('CSV malformed rows', () => {
  it('reports a malformed record with its line and keeps reading later rows', async () => {
    const text = 'Name,Price\nTea,1\n"Bad"quote,2\nCoffee,3\nCake,4\n';
    const file = write('malformed.csv', text);
    const source = asTable(await openSource(file));
    const records = await readAll(source);
    expect(records.map((r) => [r.row, r.cells[0]])).toEqual([
      [2, 'Tea'],
      [4, 'Coffee'],
      [5, 'Cake'],
    ]);
    expect(source.issues).toEqual([
      expect.objectContaining({ code: 'malformed-row', severity: 'error', location: { file, row: 3 } }),
    ]);
  });

  it('reports the right line for a malformed record after a CRLF multi-line cell', async () => {
    const text = 'Name,Note\r\nTea,"a\r\nb\r\nc"\r\n"Bad"x,2\r\nCake,4\r\n';
    const source = asTable(await openSource(write('malformed-crlf.csv', text)));
    const records = await readAll(source);
    expect(records.map((r) => r.row)).toEqual([2, 6]);
    expect(source.issues[0]?.location.row).toBe(5);
  });

  it('reports an unclosed quote at the row where the quote opened, not at the end of the file', async () => {
    const file = write('unclosed.csv', 'Name,Price\nTea,1\n"Coffee,3\nCake,4\n\n');
    const source = asTable(await openSource(file));
    expect((await readAll(source)).map((r) => r.cells[0])).toEqual(['Tea']);
    expect(source.issues).toEqual([
      expect.objectContaining({ code: 'malformed-row', severity: 'error', location: { file, row: 3 } }),
    ]);
    expect(source.issues[0]?.message).toContain('lines 3-4 were read as one record');
  });

  it('locates an unclosed quote in a later cell after multi-line cells and blank lines', async () => {
    const text = 'Name,Note\r\nTea,"a\r\nb"\r\n\r\n\r\nCake,"x\r\ny",oops,"open\r\nrest\r\nmore\r\n';
    const source = asTable(await openSource(write('unclosed-late.csv', text)));
    expect((await readAll(source)).map((r) => r.row)).toEqual([2]);
    expect(source.issues.map((issue) => issue.location.row)).toEqual([7]);
  });
});

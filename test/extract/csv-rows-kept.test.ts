import { describe, expect, it } from 'vitest';
import { openSource } from '../../src/extract/registry.js';
import type { ReadOptions } from '../../src/extract/types.js';
import { asTable, readAll, tempDir } from './helpers.js';

const write = tempDir();

async function read(name: string, text: string, options: ReadOptions = {}) {
  const source = asTable(await openSource(write(name, text), { format: 'csv', ...options }));
  const records = await readAll(source);
  return { source, records, issues: source.issues };
}

describe('CSV line endings: every line ending ends a row', () => {
  it('reads LF rows appended to a CRLF export as rows, not as cells of the last CRLF row', async () => {
    const text = 'Name,Price\r\nTea,1\r\nCoffee,2\r\nCake,3\nPie,4\nBun,5\n';
    const { records, issues } = await read('mixed.csv', text);
    expect(records.map((r) => [r.row, ...r.cells])).toEqual([
      [2, 'Tea', '1'],
      [3, 'Coffee', '2'],
      [4, 'Cake', '3'],
      [5, 'Pie', '4'],
      [6, 'Bun', '5'],
    ]);
    expect(issues).toEqual([]);
  });

  it('reads CRLF rows appended to an LF export as rows', async () => {
    const { records, issues } = await read('mixed2.csv', 'Name,Price\nTea,1\nCake,3\r\nPie,4\r\n');
    expect(records.map((r) => r.cells)).toEqual([
      ['Tea', '1'],
      ['Cake', '3'],
      ['Pie', '4'],
    ]);
    expect(issues).toEqual([]);
  });

  it('ends a row at a lone CR in an LF file, with a located warning, instead of merging two lines', async () => {
    const file = write('lone-cr.csv', 'Name,Price\nTea,1\nFish,4.50\rChips,3.00\nPie,4\n');
    const source = asTable(await openSource(file));
    const records = await readAll(source);
    expect(records.map((r) => [r.row, ...r.cells])).toEqual([
      [2, 'Tea', '1'],
      [3, 'Fish', '4.50'],
      [4, 'Chips', '3.00'],
      [5, 'Pie', '4'],
    ]);
    expect(source.issues).toEqual([
      {
        code: 'malformed-row',
        severity: 'warning',
        message: expect.stringContaining('this line ends with a lone CR (carriage return)'),
        location: { file, row: 3 },
      },
    ]);
  });

  it('tells many lone CRs once, with the first and last row', async () => {
    const { issues } = await read('lone-crs.csv', 'Name,Price\r\nA,1\rB,2\rC,3\r\nD,4\r\n');
    expect(issues).toHaveLength(1);
    expect(issues[0]?.location.row).toBe(2);
    expect(issues[0]?.message).toContain('2 lines end (the first here, the last at row 3)');
  });

  it('reads a classic Mac file (lone CR line endings) without warnings', async () => {
    const { records, issues } = await read('mac.csv', 'Name,Price\rTea,1\rCake,2\r');
    expect(records.map((r) => r.cells)).toEqual([
      ['Tea', '1'],
      ['Cake', '2'],
    ]);
    expect(issues).toEqual([]);
  });

  it('keeps line breaks inside quoted cells, whatever their kind', async () => {
    const { records, issues } = await read('quoted.csv', 'Name,Note\r\nTea,"a\nb\rc\r\nd"\r\nCake,2\n');
    expect(records.map((r) => [r.row, ...r.cells])).toEqual([
      [2, 'Tea', 'a\nb\rc\r\nd'],
      [6, 'Cake', '2'],
    ]);
    expect(issues).toEqual([]);
  });
});

describe('CSV rows with more cells than the header', () => {
  it('is a located error naming the extra text (a delimiter inside an unquoted cell)', async () => {
    const file = write('extra.csv', 'Price,Name\n4.50,Fish, Chips\n3.00,Tea\n');
    const source = asTable(await openSource(file));
    const records = await readAll(source);
    expect(records.map((r) => r.cells)).toEqual([
      ['4.50', 'Fish', ' Chips'],
      ['3.00', 'Tea'],
    ]);
    expect(source.issues).toEqual([
      {
        code: 'malformed-row',
        severity: 'error',
        message: expect.stringContaining(
          'the row has 3 cells, the header 2: the cells beyond it hold " Chips"',
        ),
        location: { file, row: 2, column: '#3' },
      },
    ]);
  });

  it('warns once for the file about empty extra cells', async () => {
    const { issues, source } = await read('empty-extra.csv', 'Name,Price\nTea,1,\nCake,2,,\nPie,3\n');
    const file = source.file;
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'warning',
        location: { file, row: 2 },
        message: expect.stringContaining('2 rows have (the first here, the last at row 3)'),
      }),
    ]);
  });

  it('says nothing of empty extra cells when the source allows trailing empty cells', async () => {
    const { issues } = await read('allowed.csv', 'Name,Price\nTea,1,\nCake,2,,\n', {
      allowTrailingEmptyCells: true,
    });
    expect(issues).toEqual([]);
  });

  it('still reports extra text when trailing empty cells are allowed', async () => {
    const { issues } = await read('allowed-text.csv', 'Name,Price\nTea,1,,x\nCake,2\n', {
      allowTrailingEmptyCells: true,
    });
    expect(issues.map((i) => [i.severity, i.location.column])).toEqual([['error', '#4']]);
  });

  it('does not count rows above the header', async () => {
    const { source, issues } = await read('preamble.csv', 'Menu export,2024,x,y\nName,Price\nTea,1\n', {
      headerRow: 2,
    });
    expect(source.headers).toEqual(['Name', 'Price']);
    expect(issues).toEqual([]);
  });
});

describe('CSV quotes inside unquoted cells', () => {
  it('reads 12" Pizza as written, with a located warning', async () => {
    const file = write('pizza.csv', 'Name,Price\n12" Pizza,9.50\nTea,1\n');
    const source = asTable(await openSource(file));
    const records = await readAll(source);
    expect(records.map((r) => r.cells)).toEqual([
      ['12" Pizza', '9.50'],
      ['Tea', '1'],
    ]);
    expect(source.issues).toEqual([
      {
        code: 'malformed-row',
        severity: 'warning',
        message: expect.stringContaining('a cell of this row holds a quote inside unquoted text'),
        location: { file, row: 2, column: 'Name' },
      },
    ]);
  });

  it('does not warn about doubled quotes inside a quoted cell', async () => {
    const { records, issues } = await read('doubled.csv', 'Name,Price\n"12"" Pizza",9.50\n');
    expect(records.map((r) => r.cells)).toEqual([['12" Pizza', '9.50']]);
    expect(issues).toEqual([]);
  });

  it('still leaves out a record whose quoted cell closes before more text', async () => {
    const { records, issues } = await read('bad-close.csv', 'Name,Price\n"Cappuccino" grande,3\nTea,1\n');
    expect(records.map((r) => r.cells)).toEqual([['Tea', '1']]);
    expect(issues.map((i) => [i.severity, i.location.row])).toEqual([['error', 2]]);
    expect(issues[0]?.message).toContain('Invalid Closing Quote');
  });
});

describe('CSV spaces between a closing quote and the delimiter or line end', () => {
  it('reads A,"B" ,C and "D" before CRLF as the quoted text, with one located warning', async () => {
    const text = 'Name,Price,Note\r\nA,"B" ,C\r\n"D ""x"", y" \t,2,\r\n"E",3,"F"  \r\nG,4,H\r\n';
    const { records, issues, source } = await read('spaced.csv', text);
    expect(records.map((r) => r.cells)).toEqual([
      ['A', 'B', 'C'],
      ['D "x", y', '2', ''],
      ['E', '3', 'F'],
      ['G', '4', 'H'],
    ]);
    expect(issues).toEqual([
      {
        code: 'malformed-row',
        severity: 'warning',
        message: expect.stringContaining(
          'with spaces between the closing quote and the delimiter or the line end (like "B" ,): read as the quoted text (B)',
        ),
        location: { file: source.file, row: 2, column: 'Price' },
      },
    ]);
    expect(issues[0]?.message).toMatch(/^3 quoted cells end \(the first here, the last at row 4\)/);
  });

  it('reads a quoted multi-line cell with spaces after it, told at the closing quote; a tab delimiter stays one', async () => {
    const { records, issues } = await read('tabs.csv', 'Name\tNote\n"Tea\nhot" \t"x"\n', { delimiter: '\t' });
    expect(records.map((r) => [r.row, ...r.cells])).toEqual([[2, 'Tea\nhot', 'x']]);
    expect(issues.map((i) => [i.severity, i.location.row, i.location.column])).toEqual([
      ['warning', 3, 'Name'],
    ]);
  });

  it('still leaves out a record whose spaces after the closing quote lead to more text', async () => {
    const { records, issues } = await read('spaced-text.csv', 'Name,Price\n"Cappuccino" grande,3\nTea,1\n');
    expect(records.map((r) => r.cells)).toEqual([['Tea', '1']]);
    expect(issues.map((i) => [i.severity, i.location.row])).toEqual([['error', 2]]);
  });
});

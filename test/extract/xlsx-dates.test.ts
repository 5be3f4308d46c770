import { describe, expect, it } from 'vitest';
import { openSource } from '../../src/extract/registry.js';
import { isoDuration, numberCell } from '../../src/extract/xlsx/cell-value.js';
import { formatKind, numberKind } from '../../src/extract/xlsx/number-format.js';
import { buildWorkbook, cell, row } from '../helpers/xlsx-workbook.js';
import { asTable, readAll, tempDir } from './helpers.js';

const write = tempDir();

// Styles: 0 General, 1 built-in 14 (m/d/yyyy), 2 yyyy-mm-dd hh:mm, 3 [h]:mm, 4 h:mm, 5 built-in 46 ([h]:mm:ss).
const STYLES = {
  numFmts: { 164: 'yyyy-mm-dd hh:mm', 165: '[h]:mm', 166: 'h:mm' },
  cellXfs: [0, 14, 164, 165, 166, 46],
};

const datesSheet = (date1904: boolean) =>
  buildWorkbook({
    ...STYLES,
    date1904,
    sheets: [
      {
        name: 'Hours',
        rows:
          row(
            1,
            cell.inline('A1', 'Serial'),
            cell.inline('B1', 'Date'),
            cell.inline('C1', 'Stamp'),
            cell.inline('D1', 'Prep'),
            cell.inline('E1', 'Opens'),
            cell.inline('F1', 'Long'),
          ) +
          row(
            2,
            cell.number('A2', 1),
            cell.number('B2', 1, 1),
            cell.number('C2', 45000.75, 2),
            cell.number('D2', 1.5, 3),
            cell.number('E2', 0.4375, 4),
            cell.number('F2', -0.25, 5),
          ) +
          row(3, cell.number('A3', 45000), cell.number('B3', 45000, 1)),
      },
    ],
  });

const cells = async (file: string) =>
  (await readAll(asTable(await openSource(file, { headerRow: 1 })))).map((record) => record.cells);

describe('dates, times and durations read as what their format shows', () => {
  it('counts serials from 1 Jan 1904 in a 1904-based workbook', async () => {
    expect(await cells(write('1904.xlsx', datesSheet(true)))).toEqual([
      [1, '1904-01-02', '2027-03-16T18:00:00.000Z', 'PT36H', '10:30:00', '-PT6H'],
      [45000, '2027-03-16'],
    ]);
  });

  it("counts serials from 1900 (with Excel's phantom 29 Feb 1900) otherwise", async () => {
    expect(await cells(write('1900.xlsx', datesSheet(false)))).toEqual([
      [1, '1900-01-01', '2023-03-15T18:00:00.000Z', 'PT36H', '10:30:00', '-PT6H'],
      [45000, '2023-03-15'],
    ]);
  });

  it('reads ISO dates stored as text (t="d") as dates', async () => {
    const file = write(
      'iso.xlsx',
      buildWorkbook({
        sheets: [
          {
            name: 'S',
            rows:
              row(1, cell.inline('A1', 'When')) +
              row(2, '<c r="A2" t="d"><v>2024-05-01T00:00:00</v></c>') +
              row(3, '<c r="A3" t="d"><v>2024-05-01T12:30:00Z</v></c>'),
          },
        ],
      }),
    );
    expect(await cells(file)).toEqual([['2024-05-01'], ['2024-05-01T12:30:00.000Z']]);
  });
});

describe('number formats', () => {
  it.each([
    ['General', 'number'],
    ['0.00', 'number'],
    ['#,##0.00 "kg"', 'number'],
    ['0.00E+00', 'number'],
    ['[Red]#,##0;[Blue]-#,##0', 'number'],
    ['"Day" 0', 'number'],
    ['m/d/yyyy', 'date'],
    ['[$-409]dddd, mmmm dd, yyyy', 'date'],
    ['DD.MM.YYYY', 'date'],
    ['mmm', 'date'],
    ['h:mm AM/PM', 'time'],
    ['hh:mm:ss', 'time'],
    ['[h]:mm', 'duration'],
    ['[HH]:MM', 'duration'],
    ['[mm]:ss', 'duration'],
    ['[ss].000', 'duration'],
  ])('%s is a %s format', (code, kind) => {
    expect(formatKind(code)).toBe(kind);
  });

  it('knows the built-in date, time and duration formats, and a redefined built-in by its code', () => {
    expect([14, 22, 18, 46, 2, 49].map((id) => numberKind(id, new Map()))).toEqual([
      'date',
      'date',
      'time',
      'duration',
      'number',
      'number',
    ]);
    expect(numberKind(14, new Map([[14, '0.00']]))).toBe('number');
  });

  it('writes durations as ISO 8601, to the millisecond', () => {
    expect([0, 1, 1.5, -1.2, 1 / 86_400_000, 12.34].map(isoDuration)).toEqual([
      'PT0S',
      'PT24H',
      'PT36H',
      '-PT28H48M',
      'PT0.001S',
      'PT296H9M36S',
    ]);
    expect(numberCell(0.5, 'time', false)).toBe('12:00:00');
    expect(numberCell(60, 'date', false)).toBe('1900-02-28');
    expect(numberCell(61, 'date', false)).toBe('1900-03-01');
  });
});

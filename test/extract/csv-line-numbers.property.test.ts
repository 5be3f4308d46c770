import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordParser } from '../../src/extract/csv/record-parser.js';
import type { TableRecord } from '../../src/extract/types.js';

const cellText = fc
  .array(fc.constantFrom('a', 'é', ' ', ',', '"', '\n', '\r\n', '\r', 'x'), { maxLength: 6 })
  .map((parts) => parts.join(''));

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) || cell === '' ? `"${cell.replace(/"/g, '""')}"` : cell;
}

function lineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/** Parses `text` fed in pieces cut at `cuts` (byte offsets), as a file read chunk by chunk is. */
async function parseAll(
  text: string,
  cuts: number[] = [],
  onMalformed: (line: number | undefined) => void = () => undefined,
): Promise<TableRecord[]> {
  const parser = new RecordParser({ delimiter: ',', onMalformed: (_error, line) => onMalformed(line) });
  const bytes = Buffer.from(text);
  const records: TableRecord[] = [];
  let from = 0;
  for (const cut of [...new Set(cuts.map((c) => Math.min(c, bytes.length)))].sort((a, b) => a - b)) {
    // A copy per piece: the parser keeps a view of an unfinished record's bytes.
    records.push(...(await parser.parse(Buffer.from(bytes.subarray(from, cut)))));
    from = cut;
  }
  records.push(...(await parser.parse(Buffer.from(bytes.subarray(from)))));
  records.push(...(await parser.parse(undefined)));
  return records;
}

describe('CSV record line numbers (property)', () => {
  it('are the physical start line of each record for any cells, line ending and chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cellText, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.array(fc.nat({ max: 200 }), { maxLength: 4 }),
        async (rows, eol, blankBefore, cuts) => {
          let text = '';
          const expected: TableRecord[] = [];
          rows.forEach((cells, index) => {
            if (blankBefore[index]) text += eol;
            expected.push({ row: lineBreaks(text) + 1, cells });
            text += cells.map(quote).join(',') + eol;
          });
          expect(await parseAll(text, cuts)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('CSV malformed quotes (property)', () => {
  it('skip only the bad record, at its line, and read on for any line ending and chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.array(cellText, { minLength: 1, maxLength: 3 }), { freq: 3 }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.array(fc.nat({ max: 200 }), { maxLength: 4 }),
        fc.boolean(),
        async (rows, eol, cuts, unclosedAtEnd) => {
          let text = '';
          const expected: TableRecord[] = [];
          const malformed: number[] = [];
          for (const cells of rows) {
            const line = lineBreaks(text) + 1;
            if (cells === null) {
              // A closing quote followed by text: csv-parse's CSV_INVALID_CLOSING_QUOTE.
              malformed.push(line);
              text += `"bad"x,after${eol}`;
            } else {
              expected.push({ row: line, cells });
              text += cells.map(quote).join(',') + eol;
            }
          }
          if (unclosedAtEnd) {
            malformed.push(lineBreaks(text) + 2);
            text += `${eol}"never closed,1${eol}more,2${eol}`;
          }
          const lines: (number | undefined)[] = [];
          expect(await parseAll(text, cuts, (line) => lines.push(line))).toEqual(expected);
          expect(lines).toEqual(malformed);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('CSV spaces after a closing quote (property)', () => {
  it('read each quoted cell as its text, at its row, for any line ending and chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(fc.tuple(cellText, fc.constantFrom('', ' ', '  ', ' \t')), { minLength: 1, maxLength: 3 }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.array(fc.nat({ max: 200 }), { maxLength: 4 }),
        async (rows, eol, cuts) => {
          let text = '';
          const expected: TableRecord[] = [];
          for (const cells of rows) {
            expected.push({ row: lineBreaks(text) + 1, cells: cells.map(([cell]) => cell) });
            text += cells.map(([cell, spaces]) => `"${cell.replace(/"/g, '""')}"${spaces}`).join(',') + eol;
          }
          const lines: (number | undefined)[] = [];
          expect(await parseAll(text, cuts, (line) => lines.push(line))).toEqual(expected);
          expect(lines).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

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
function parseAll(text: string, cuts: number[] = []): TableRecord[] {
  const parser = new RecordParser({ delimiter: ',', onMalformed: () => undefined });
  const bytes = Buffer.from(text);
  const records: TableRecord[] = [];
  let from = 0;
  for (const cut of [...new Set(cuts.map((c) => Math.min(c, bytes.length)))].sort((a, b) => a - b)) {
    // A copy per piece: the parser keeps a view of an unfinished record's bytes.
    records.push(...parser.parse(Buffer.from(bytes.subarray(from, cut))));
    from = cut;
  }
  records.push(...parser.parse(Buffer.from(bytes.subarray(from))));
  records.push(...parser.parse(undefined));
  return records;
}

describe('CSV record line numbers (property)', () => {
  it('are the physical start line of each record for any cells, line ending and chunking', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cellText, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.array(fc.nat({ max: 200 }), { maxLength: 4 }),
        (rows, eol, blankBefore, cuts) => {
          let text = '';
          const expected: TableRecord[] = [];
          rows.forEach((cells, index) => {
            if (blankBefore[index]) text += eol;
            expected.push({ row: lineBreaks(text) + 1, cells });
            text += cells.map(quote).join(',') + eol;
          });
          expect(parseAll(text, cuts)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

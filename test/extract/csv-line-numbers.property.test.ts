import { Readable } from 'node:stream';
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

async function parseAll(text: string): Promise<TableRecord[]> {
  const parser = new RecordParser({ delimiter: ',', onMalformed: () => undefined });
  const records: TableRecord[] = [];
  for await (const record of Readable.from([text]).pipe(parser)) records.push(record as TableRecord);
  return records;
}

describe('CSV record line numbers (property)', () => {
  it('are the physical start line of each record for any cells and any line ending', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cellText, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        async (rows, eol, blankBefore) => {
          let text = '';
          const expected: TableRecord[] = [];
          rows.forEach((cells, index) => {
            if (blankBefore[index]) text += eol;
            expected.push({ row: lineBreaks(text) + 1, cells });
            text += cells.map(quote).join(',') + eol;
          });
          expect(await parseAll(text)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

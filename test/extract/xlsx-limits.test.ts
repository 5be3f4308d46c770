import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputLimitError, inputLimits } from '../../src/extract/input-limits.js';
import { readXlsx } from '../../src/extract/xlsx/read-xlsx.js';
import { countSharedStrings } from '../../src/extract/xlsx/shared-strings-scan.js';
import { MAX_CELLS_PER_ROW, SheetCellCount } from '../../src/extract/xlsx/sheet-cell-count.js';
import { InvalidInputError } from '../../src/errors.js';
import { generate as smallWorkbooks } from '../bad-inputs/generators/small-xlsx.js';

/** `text` as a stream of `size`-byte chunks, so every tag is split somewhere. */
const chunked = (text: string, size: number): Readable => {
  const bytes = Buffer.from(text, 'latin1');
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks);
};

const SST =
  '<sst><si><t>a</t></si><si><r><t>b</t></r></si><si/><si ><t>long text here</t></si><sid/><siX/></sst>';

describe('countSharedStrings', () => {
  it('counts <si> entries, not <sid> or <siX>, however the XML is split into chunks', async () => {
    for (const size of [1, 2, 3, 4, 5, 7, 11, 1000]) {
      const found = await countSharedStrings(chunked(SST, size), { maxStrings: 100, maxStringBytes: 1000 });
      expect(found, `chunks of ${size}`).toEqual({ kind: 'ok', count: 4 });
    }
  });

  it('stops at the first string past the count limit', async () => {
    const xml = `<sst>${'<si><t>a</t></si>'.repeat(50)}</sst>`;
    for (const size of [3, 64]) {
      expect(await countSharedStrings(chunked(xml, size), { maxStrings: 10, maxStringBytes: 1000 })).toEqual({
        kind: 'too-many',
      });
    }
  });

  it('names the first string whose XML is longer than allowed, closed or still growing', async () => {
    const long = `<sst><si><t>a</t></si><si><t>${'x'.repeat(500)}</t></si></sst>`;
    expect(await countSharedStrings(chunked(long, 7), { maxStrings: 10, maxStringBytes: 100 })).toMatchObject(
      {
        kind: 'too-long',
        index: 2,
      },
    );
    const unclosed = `<sst><si><t>${'x'.repeat(5000)}`;
    expect(
      await countSharedStrings(chunked(unclosed, 64), { maxStrings: 10, maxStringBytes: 100 }),
    ).toMatchObject({ kind: 'too-long', index: 1 });
  });
});

describe('SheetCellCount', () => {
  const feedAll = (xml: string, size: number, maxCells: number): void => {
    const counter = new SheetCellCount('s.xlsx', maxCells);
    const bytes = Buffer.from(xml, 'latin1');
    let carry = Buffer.alloc(0);
    for (let at = 0; at < bytes.length; at += size) {
      const joined = Buffer.concat([carry, bytes.subarray(at, at + size)]);
      counter.feed(joined, carry.length);
      carry = Buffer.from(joined.subarray(Math.max(0, joined.length - 8)));
    }
  };
  const sheet =
    '<worksheet><cols><col min="1"/></cols><sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1"/></row>' +
    '<row r="2"><c r="A2" t="s"><v>0</v></c></row></sheetData><conditionalFormatting><cfRule/></conditionalFormatting><rowBreaks/></worksheet>';

  it('counts <c> cells (not <col>, <cfRule>) once each however the XML is split', () => {
    for (const size of [1, 2, 3, 5, 9, 1000]) {
      expect(() => feedAll(sheet, size, 3), `chunks of ${size}`).not.toThrow();
      expect(() => feedAll(sheet, size, 2), `chunks of ${size}`).toThrow(InputLimitError);
    }
  });

  it('refuses a row of more cells than Excel has columns, before any limit on the whole sheet', () => {
    const wide = `<sheetData><row r="1">${'<c><v>1</v></c>'.repeat(MAX_CELLS_PER_ROW + 1)}</row></sheetData>`;
    let error: unknown;
    try {
      feedAll(wide, 4096, 10_000_000);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).not.toBeInstanceOf(InputLimitError);
    expect(String(error)).toContain('row element 1 of the sheet has more than 16,384 cells');
  });
});

describe('readXlsx with limits', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'menusync-xlsx-limits-'));
    await smallWorkbooks(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const rows = async (file: string, limits: Partial<ReturnType<typeof inputLimits>> = {}) => {
    const source = await readXlsx(path.join(dir, file), { limits: inputLimits(limits) });
    const out: unknown[] = [];
    for await (const record of source.records) out.push(record.cells);
    return out;
  };

  it('reads a workbook within the limits', async () => {
    expect(await rows('items.xlsx')).toEqual([
      ['Espresso', 2.4],
      ['Latte', 3.5],
      ['Mocha', 3.9],
    ]);
  });

  it.each([
    ['maxCells', 'items.xlsx', { maxCells: 7 }],
    ['maxCellChars', 'long-cell.xlsx', {}],
    ['maxCellChars', 'items.xlsx', { maxCellChars: 5 }],
    ['maxInflatedBytes', 'items.xlsx', { maxInflatedBytes: 200 }],
    ['maxInputBytes', 'items.xlsx', { maxInputBytes: 100 }],
  ] as const)('refuses past %s (%s) with an InputLimitError naming it', async (limit, file, limits) => {
    const error = await rows(file, limits).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(InputLimitError);
    expect((error as InputLimitError).limit).toBe(limit);
    expect((error as InputLimitError).message).toContain(file);
  });
});

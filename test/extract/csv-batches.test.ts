import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES } from '../../src/extract/csv/file-batches.js';
import { openSource } from '../../src/extract/registry.js';
import type { TableRecord } from '../../src/extract/types.js';
import { asTable, readAll, tempDir } from './helpers.js';

const write = tempDir();

/** A CSV of `rows` products spanning several read chunks, with a quoted CRLF cell every 7th row. */
function bigCsv(rows: number, eol = '\n'): string {
  const lines = ['Name,Price,Note'];
  for (let i = 0; i < rows; i++) {
    const note = i % 7 === 0 ? `"line one\r\nline two, ${'x'.repeat(i % 50)}"` : `plain ${i}`;
    lines.push(`Item ${i},${(i % 90) + 1}.50,${note}`);
  }
  return lines.join(eol) + eol;
}

async function readBatches(file: string, options = {}): Promise<(readonly TableRecord[])[]> {
  const batches: (readonly TableRecord[])[] = [];
  for await (const batch of asTable(await openSource(file, options)).batches) batches.push(batch);
  return batches;
}

describe('CSV records in batches', () => {
  it('hands over, chunk by chunk, the same records as one at a time', async () => {
    const text = bigCsv(9000);
    expect(text.length).toBeGreaterThan(3 * CHUNK_BYTES);
    const file = write('big.csv', text);
    const batches = await readBatches(file);
    expect(batches.length).toBeGreaterThan(2);
    expect(batches.every((batch) => batch.length > 0)).toBe(true);
    const one = await readAll(await openSource(file));
    expect(batches.flat()).toEqual(one);
    expect(one).toHaveLength(9000);
    // Every 7th record has a two-line cell, so rows advance by 2 after it.
    expect(one.slice(0, 3).map((r) => r.row)).toEqual([2, 4, 5]);
    expect(one[8999]?.cells[0]).toBe('Item 8999');
  });

  it('keeps the records read ahead for the header in the first batch', async () => {
    const file = write('title.csv', `Price list\n\n${bigCsv(3000)}`);
    const batches = await readBatches(file, { headerHints: ['name', 'price'] });
    expect(batches[0]?.[0]).toEqual({ row: 4, cells: ['Item 0', '1.50', 'line one\r\nline two, '] });
    expect(batches.flat()).toHaveLength(3000);
  });

  it('stops reading when the consumer leaves early', async () => {
    const source = asTable(await openSource(write('early.csv', bigCsv(5000))));
    let seen = 0;
    for await (const batch of source.batches) {
      seen += batch.length;
      break;
    }
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(5000);
    // The iterator is finished: a second loop gets nothing more.
    let more = 0;
    for await (const batch of source.batches) more += batch.length;
    expect(more).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { observeRows } from '../../src/extract/observe-rows.js';
import { openSource } from '../../src/extract/registry.js';
import type { ProgressEvent } from '../../src/progress.js';
import { asTable, readAll, tempDir } from './helpers.js';

const write = tempDir();

describe('watching the rows of a table source', () => {
  it('tells the rows read and the end, and hands on the same records', async () => {
    const lines = ['Name,Price', ...Array.from({ length: 5000 }, (_, i) => `Item ${i},${i}.50`)];
    const file = write('rows.csv', `${lines.join('\n')}\n`);
    const plain = await readAll(asTable(await openSource(file)));
    const events: ProgressEvent[] = [];
    const watched = await observeRows(asTable(await openSource(file)), (event) => events.push(event));
    const records = [];
    for await (const batch of watched.batches) records.push(...batch);
    expect(records).toEqual(plain);
    const rows = events.filter((e) => e.kind === 'rows');
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.at(-1)).toMatchObject({ kind: 'rows', file, rows: 5000 });
    expect(events.at(-1)).toEqual({ kind: 'rows-done', file, rows: 5000 });
  });
});

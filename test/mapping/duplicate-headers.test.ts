import { describe, expect, it } from 'vitest';
import { HEADER, runInline } from './helpers.js';

const mapping = `${HEADER}sources: { items: { format: csv } }
kind: table
table:
  source: items
  product: { ext_id: '{Handle}', name: { column: Name }, price: { column: Price, transforms: [money] } }
  category: { name: { value: Menu } }
`;

const located = (result: Awaited<ReturnType<typeof runInline>>) =>
  result.issues.map((i) => [i.severity, i.code, i.location.row, i.location.column, i.message]);

describe('duplicate header names', () => {
  it('are an error at the header row when the mapping reads that name', async () => {
    const csv = ['Handle,Name,Price,Notes,price', 'tea,Tea,2.50,x,3.10'].join('\n');
    expect(located(await runInline(mapping, { 'items.csv': csv }))).toEqual([
      [
        'error',
        'duplicate-column',
        1,
        'Price',
        'the header names 2 columns "Price" (columns 3 (C), 5 (E)): the mapping reads "Price" and cannot tell which one is meant; rename or remove one in the export',
      ],
    ]);
  });

  it('are a warning when the mapping does not read them', async () => {
    const csv = ['Handle,Name,Price,Notes, Notes ', 'tea,Tea,2.50,x,y'].join('\n');
    expect(located(await runInline(mapping, { 'items.csv': csv }))).toEqual([
      [
        'warning',
        'duplicate-column',
        1,
        'Notes',
        'the header names 2 columns "Notes" (columns 4 (D), 5 (E)); the mapping does not read it',
      ],
    ]);
  });

  it('are located at the header row the mapping found, not row 1', async () => {
    const csv = ['Menu export,,,', 'Handle,Name,Price,Name', 'tea,Tea,2.50,Chai'].join('\n');
    const result = await runInline(mapping.replace('format: csv', 'format: csv, headerRow: 2'), {
      'items.csv': csv,
    });
    expect(result.issues.map((i) => [i.severity, i.code, i.location.row, i.location.column])).toEqual([
      ['error', 'duplicate-column', 2, 'Name'],
    ]);
  });

  it('do not count blank header cells as names', async () => {
    const csv = ['Handle,Name,Price,,', 'tea,Tea,2.50,,'].join('\n');
    expect((await runInline(mapping, { 'items.csv': csv })).issues).toEqual([]);
  });
});

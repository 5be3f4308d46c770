import { describe, expect, it } from 'vitest';
import { doubleEncodedIssues, doubleEncodedSample } from '../../src/mapping/double-encoded.js';
import { HEADER, runInline } from './helpers.js';

// UTF-8 read as Windows-1252 and written back (`â€¢` for `•`) is valid text no decoder flags: a
// located warning, so it is fixed before guests read it.

describe('double-encoded UTF-8', () => {
  it.each([
    ['â€¢ Official merchandise', 'â€¢ Official'],
    ['a gift.Â A perfect fit', 'a gift.Â A perfect'],
    ['CafÃ© latte', 'CafÃ© latte'],
    ['ends with a no-break space Â', 'break space Â'],
  ])('finds %j', (text, sample) => {
    expect(doubleEncodedSample(text)).toBe(sample);
  });

  it.each(['SÃO PAULO', 'Château Lafite', 'Crème brûlée', 'Â-la-carte'])('leaves %j alone', (text) => {
    expect(doubleEncodedSample(text)).toBeUndefined();
  });

  it('is a warning at the menu path of each name or description, options included', () => {
    const issues = doubleEncodedIssues(
      {
        categories: [{ ext_id: 'c', name: 'Tees' }],
        products: [
          {
            ext_id: 'tank',
            name: 'Tank',
            description: 'Soft.Â\n\nâ€¢Official',
            options: [{ ext_id: 'o', option_values: [{ ext_id: 'v', name: 'CrÃ¨me' }] }],
          },
        ],
      },
      'items.csv',
    );
    expect(issues.map((i) => [i.code, i.severity, i.location.path])).toEqual([
      ['encoding', 'warning', '$.products[0].description'],
      ['encoding', 'warning', '$.products[0].options[0].option_values[0].name'],
    ]);
    expect(issues[0]?.message).toBe(
      'description of "tank" holds UTF-8 read as a single-byte encoding (double-encoded: "…Soft.Â â€¢Offici…"); it would go live so: fix the text in the POS or re-export it',
    );
  });

  it('is reported by a mapping run, whatever the input', async () => {
    const mapping = `${HEADER}sources: { items: { format: csv } }
kind: table
table:
  source: items
  product: { ext_id: '{Id}', name: { column: Name }, price: { value: 2 } }
  category: { name: { value: Menu } }
`;
    const result = await runInline(mapping, { 'items.csv': 'Id,Name\ncafe,CafÃ© au lait\ntea,Tea\n' });
    expect(result.issues.map((i) => [i.code, i.location.path])).toEqual([['encoding', '$.products[0].name']]);
  });
});

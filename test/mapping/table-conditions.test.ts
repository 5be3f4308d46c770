import { describe, expect, it } from 'vitest';
import { parseMappingText } from '../../src/mapping/loader.js';
import { HEADER, runInline } from './helpers.js';

// Skip conditions that test numbers and text inside a cell, not only whole cell texts.

const mapping = (when: string) => `${HEADER}sources: { items: { format: csv } }
kind: table
table:
  source: items
  skip:
    - { reason: picked, when: ${when} }
  product: { ext_id: "{Code}", name: { column: Name }, price: { column: Price, transforms: [money] } }
  category: { name: { value: Menu } }
`;

const CSV = [
  'Code,Name,Price',
  'a,Store credit,-5',
  'b,Gift card,"-0,50"',
  'c,Free water,0',
  'd,Tea,2.50',
  'e,Big cake,"1.234,00"',
  'f,Market price,variable',
  'g,No price,',
].join('\n');

async function kept(when: string): Promise<string[]> {
  const result = await runInline(mapping(when), { 'items.csv': CSV });
  return result.menu.products.map((p) => p.ext_id);
}

describe('skip conditions on numbers and text', () => {
  it.each([
    ['{ column: Price, transforms: [money], below: 0 }', ['c', 'd', 'e', 'f', 'g']],
    ['{ column: Price, transforms: [money], above: 100 }', ['a', 'b', 'c', 'd', 'f', 'g']],
    ['{ column: Price, transforms: [money], above: 0, below: 3 }', ['a', 'b', 'c', 'e', 'f', 'g']],
    // Without a transform only plain numbers are numbers: "-0,50" and "1.234,00" are not.
    ['{ column: Price, below: 0 }', ['b', 'c', 'd', 'e', 'f', 'g']],
    ['{ column: Name, contains: "CAKE" }', ['a', 'b', 'c', 'd', 'f', 'g']],
    ['{ column: Name, contains: "(" }', ['a', 'b', 'c', 'd', 'e', 'f', 'g']],
  ])('when %s keeps %j', async (when, expected) => {
    expect(await kept(when)).toEqual(expected);
  });

  it('counts the skipped row and reports nothing from the condition own transforms', async () => {
    const result = await runInline(mapping('{ column: Price, transforms: [money], below: 0 }'), {
      'items.csv': CSV,
    });
    expect(result.skipped).toEqual([{ reason: 'picked', count: 2 }]);
    // Only the product field reports the variable price (a warning), once; the condition is silent.
    // Row 8's empty price is a missing-value warning of the product, not of the condition.
    // (What became of the unpriced products is said apart, as `unpriced`.)
    expect(result.issues.filter((i) => i.code !== 'unpriced').map((i) => [i.code, i.location.row])).toEqual([
      ['bad-price', 7],
      ['missing-value', 8],
    ]);
  });

  it('rejects a contains longer than 200 characters at load', () => {
    expect(() =>
      parseMappingText(mapping(`{ column: Name, contains: "${'x'.repeat(201)}" }`), 'm.yaml'),
    ).toThrow(/contains/);
  });
});

describe('condition shape', () => {
  it.each([
    ['{ below: 0 }', /below needs "column" or "template"/],
    ['{ column: Price, template: "{Price}", empty: true }', /not both/],
  ])('rejects %s at load', (when, message) => {
    expect(() => parseMappingText(mapping(when), 'm.yaml')).toThrow(message);
  });
});

describe('a condition on a flag', () => {
  const flags = (when: string) => `${HEADER}sources: { items: { format: csv } }
kind: table
table:
  source: items
  skip:
    - { reason: not sold, when: ${when} }
  category: { name: { value: Menu } }
  product: { ext_id: "{Code}", name: { column: Name }, price: { column: Price, transforms: [money] } }
`;
  const CSV = 'Code,Name,Price,Sold\na,Tea,2,1.0\nb,Cake,3,0.0\nc,Pie,4,N\nd,Bun,1,maybe\ne,Jam,1,\n';

  it.each([
    ['{ column: Sold, transforms: [boolean], in: [false] }'],
    // Booleans in `in` make it a flag test without naming the transform.
    ['{ column: Sold, in: [false] }'],
  ])('%s accepts what the boolean transform accepts, and locates what it does not', async (when) => {
    const result = await runInline(flags(when), { 'items.csv': CSV });
    expect(result.menu.products.map((p) => p.ext_id)).toEqual(['a', 'd', 'e']);
    expect(result.skipped).toEqual([{ reason: 'not sold', count: 2 }]);
    expect(result.issues.map((i) => [i.code, i.severity, i.location.row, i.location.column])).toEqual([
      ['bad-boolean', 'error', 5, 'Sold'],
    ]);
    expect(result.issues[0]?.message).toBe('skip[0] (not sold): not a yes/no value: "maybe"');
  });

  it('compares text as before when `in` holds text', async () => {
    const result = await runInline(flags('{ column: Sold, in: ["0.0"] }'), { 'items.csv': CSV });
    expect(result.skipped).toEqual([{ reason: 'not sold', count: 1 }]);
    expect(result.issues).toEqual([]);
  });
});

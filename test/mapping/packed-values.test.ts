import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePackedCell } from '../../src/mapping/table/packed-values.js';

// The packed-cell reader is a one-pass scanner (issue 30 §3: the regular expression it replaced
// backtracked quadratically on `Reis` + 30,000 spaces + `(1`). The former expression is kept here as
// the oracle for what a value's name and price are.

const FORMER_PRICED = /^(.*?)\s*\(\s*([+-]?\s*(?:[€$£]\s*)?\d[^()]*)\)$/u;

function formerValue(piece: string): { name: string; price: string | undefined } {
  const match = FORMER_PRICED.exec(piece);
  if (match && (match[1] ?? '') !== '')
    return { name: match[1] as string, price: (match[2] as string).replace(/\s+/g, '') };
  return { name: piece, price: undefined };
}

/** Values as text: the price callback hands back its amount text untouched, to compare. */
function read(cell: string, separator = '|') {
  const amounts: string[] = [];
  const parsed = parsePackedCell(cell, separator, (text) => {
    amounts.push(text);
    return amounts.length - 1;
  });
  return {
    values: parsed.values.map((v) => ({
      name: v.name,
      price: v.price === undefined ? undefined : amounts[v.price],
    })),
    unbalanced: parsed.unbalanced,
  };
}

describe('parsePackedCell', () => {
  it.each([
    ['Pommes|Reis (+1,90)|Salat (+2,50)', ['Pommes', undefined], ['Reis', '+1,90'], ['Salat', '+2,50']],
    ['Salat (klein)|Brot ( - € 0,50 )', ['Salat (klein)', undefined], ['Brot', '-€0,50']],
    ['Menü (groß (XL)) (+3)', ['Menü (groß (XL))', '+3']],
    ['(+1,90)', ['(+1,90)', undefined]],
  ])('reads %s', (cell, ...expected) => {
    expect(read(cell).values.map((v) => [v.name, v.price])).toEqual(expected);
    expect(read(cell).unbalanced).toBeUndefined();
  });

  it('does not split at a separator inside parentheses', () => {
    expect(read('Soße (+0,80, scharf), Zwiebeln', ',').values.map((v) => v.name)).toEqual([
      'Soße',
      'Zwiebeln',
    ]);
  });

  it('says where the parentheses do not pair up, and splits as if that one were text', () => {
    expect(read('Reis (+1,90|Salat (+2)|Brot')).toEqual({
      values: [
        { name: 'Reis (+1,90', price: undefined },
        { name: 'Salat', price: '+2' },
        { name: 'Brot', price: undefined },
      ],
      unbalanced: 'an unclosed "(" at character 6',
    });
    expect(read('Reis)|Salat').unbalanced).toBe('a ")" that closes nothing at character 5');
  });

  it('reads a hostile cell of 30,000 spaces before a parenthesis as one value', () => {
    const cell = `Reis${' '.repeat(30_000)}(1`;
    expect(read(cell)).toEqual({
      values: [{ name: cell.trim(), price: undefined }],
      unbalanced: 'an unclosed "(" at character 30005',
    });
  });

  it('names and prices every balanced value as the former expression did', () => {
    const piece = fc
      .array(fc.constantFrom('a', 'Ö', ' ', '(', ')', '+', '-', '€', '1', ',', '\t'), { maxLength: 12 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(piece, (text) => {
        const trimmed = text.trim();
        fc.pre(trimmed !== '' && !/[\n|]/.test(trimmed) && balanced(trimmed));
        expect(read(trimmed).values).toEqual([formerValue(trimmed)]);
      }),
      { numRuns: 2000 },
    );
  });
});

function balanced(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

// Option values packed into one cell, as German register exports write side dishes:
// `Reis (+1,90)|Salat (+2,50)|Brot`. A trailing parenthesis that starts like an amount is the
// value's price; any other parenthesis (`Salat (klein)`) is part of the name.

const PRICED = /^(.*?)\s*\(\s*([+-]?\s*(?:[€$£]\s*)?\d[^()]*)\)$/u;

export interface PackedValue {
  name: string;
  /** The surcharge, undefined when the value has none or its text is not an amount (reported by `price`). */
  price: number | undefined;
}

/** `price` parses an amount's text (the mapping's money rules) and reports a bad one. */
export function parsePackedCell(
  cell: string,
  separator: string,
  price: (text: string) => number | undefined,
): PackedValue[] {
  const values: PackedValue[] = [];
  for (const piece of splitOutsideParentheses(cell, separator)) {
    const trimmed = piece.trim();
    if (trimmed === '') continue;
    const match = PRICED.exec(trimmed);
    if (match && (match[1] ?? '') !== '') {
      values.push({ name: match[1] as string, price: price((match[2] as string).replace(/\s+/g, '')) });
    } else values.push({ name: trimmed, price: undefined });
  }
  return values;
}

/** `Soße (+0,80), Zwiebeln` split at `,` is two values: a separator inside parentheses is not one. */
function splitOutsideParentheses(cell: string, separator: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i];
    if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
    else if (depth === 0 && cell.startsWith(separator, i)) {
      pieces.push(cell.slice(start, i));
      start = i + separator.length;
      i = start - 1;
    }
  }
  pieces.push(cell.slice(start));
  return pieces;
}

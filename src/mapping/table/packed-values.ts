// Option values packed into one cell, as German register exports write side dishes:
// `Reis (+1,90)|Salat (+2,50)|Brot`. A trailing parenthesis that starts like an amount is the
// value's price; any other parenthesis (`Salat (klein)`) is part of the name.
// Cells come from users and may be hostile (30,000 spaces before a `(`): every step here is one
// pass over the text, never a regular expression that can backtrack.

export interface PackedValue {
  name: string;
  /** The surcharge, undefined when the value has none or its text is not an amount (reported by `price`). */
  price: number | undefined;
}

export interface PackedCell {
  values: PackedValue[];
  /**
   * Where the parentheses do not pair up, e.g. `an unclosed "(" at character 6`; the values are
   * then split as if that parenthesis were plain text, so no value is hidden inside it.
   */
  unbalanced?: string;
}

/** `price` parses an amount's text (the mapping's money rules) and reports a bad one. */
export function parsePackedCell(
  cell: string,
  separator: string,
  price: (text: string) => number | undefined,
): PackedCell {
  const pairs = pairParentheses(cell);
  const values: PackedValue[] = [];
  for (const piece of splitOutsidePairs(cell, separator, pairs.inside)) {
    const trimmed = piece.trim();
    if (trimmed === '') continue;
    const priced = splitPrice(trimmed);
    values.push(
      priced ? { name: priced.name, price: price(priced.amount) } : { name: trimmed, price: undefined },
    );
  }
  return pairs.unbalanced === undefined ? { values } : { values, unbalanced: pairs.unbalanced };
}

interface Pairs {
  /** For each character, whether it lies inside (or on) a matched pair of parentheses. */
  inside: Uint8Array;
  unbalanced?: string;
}

/** Matches parentheses with a stack of open positions: one pass, whatever the nesting. */
function pairParentheses(cell: string): Pairs {
  const depthChange = new Int32Array(cell.length + 1);
  const open: number[] = [];
  let stray: number | undefined;
  for (let i = 0; i < cell.length; i++) {
    const c = cell.charCodeAt(i);
    if (c === 0x28) open.push(i);
    else if (c === 0x29) {
      const from = open.pop();
      if (from === undefined) stray ??= i;
      else {
        (depthChange[from] as number)++;
        (depthChange[i + 1] as number)--;
      }
    }
  }
  const inside = new Uint8Array(cell.length);
  let depth = 0;
  for (let i = 0; i < cell.length; i++) {
    depth += depthChange[i] as number;
    inside[i] = depth > 0 ? 1 : 0;
  }
  const unclosed = open[0];
  if (unclosed !== undefined) return { inside, unbalanced: `an unclosed "(" at character ${unclosed + 1}` };
  if (stray !== undefined)
    return { inside, unbalanced: `a ")" that closes nothing at character ${stray + 1}` };
  return { inside };
}

/** `Soße (+0,80), Zwiebeln` split at `,` is two values: a separator inside parentheses is not one. */
function splitOutsidePairs(cell: string, separator: string, inside: Uint8Array): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let i = cell.indexOf(separator); i !== -1; i = cell.indexOf(separator, i)) {
    if (inside[i] === 1) {
      i++;
      continue;
    }
    pieces.push(cell.slice(start, i));
    start = i + separator.length;
    i = start;
  }
  pieces.push(cell.slice(start));
  return pieces;
}

const isSpace = (c: string | undefined): boolean => c !== undefined && c.trim() === '';
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/**
 * `Reis (+ €1,90)` → name `Reis`, amount `+€1,90`: a trimmed value ending in a parenthesis without
 * nested ones whose text starts with an optional sign, an optional currency sign, then a digit.
 */
function splitPrice(value: string): { name: string; amount: string } | undefined {
  if (!value.endsWith(')')) return undefined;
  const open = value.lastIndexOf('(', value.length - 2);
  if (open < 1 || value.indexOf(')', open) !== value.length - 1) return undefined;
  const inner = value.slice(open + 1, -1);
  let i = 0;
  const skipSpaces = () => {
    while (isSpace(inner[i])) i++;
  };
  skipSpaces();
  if (inner[i] === '+' || inner[i] === '-') i++;
  skipSpaces();
  if (inner[i] === '€' || inner[i] === '$' || inner[i] === '£') i++;
  skipSpaces();
  if (!isDigit(inner[i])) return undefined;
  const name = value.slice(0, open).trimEnd();
  if (name === '') return undefined;
  return { name, amount: inner.replace(/\s+/g, '') };
}

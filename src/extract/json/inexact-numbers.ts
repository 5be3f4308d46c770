/**
 * JSON numbers a double cannot hold: JSON.parse turns `9007199254740993` into 9007199254740992 and
 * `19.990000000000000001` into 19.99 without a word (Node 20 has no source text in revivers). A
 * number is inexact when the shortest text of the double it parses to is another decimal value:
 * `4.50` (read back `4.5`) and `1e21` are exact, `1e400` (Infinity) is not.
 */

/** Only a text with a long digit run or a three-digit exponent can hold an inexact number. */
const MAY_HOLD = /\d{16}|[\d.]{17}|[eE][+-]?\d{3}/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `-12.50e1` -> digits "125", exponent -1 (value = digits x 10^exponent), sign; trailing zeros dropped. */
function decimal(text: string): { negative: boolean; digits: string; exponent: number } {
  const negative = text.startsWith('-');
  const [mantissa = '', exp = '0'] = text.replace(/^[-+]/, '').toLowerCase().split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  let digits = (whole + fraction).replace(/^0+/, '');
  let exponent = Number(exp) - fraction.length;
  const trimmed = digits.replace(/0+$/, '');
  exponent += digits.length - trimmed.length;
  digits = trimmed;
  return { negative: negative && digits !== '', digits, exponent: digits === '' ? 0 : exponent };
}

/** Whether the double `Number(text)` is another value than the decimal `text`. */
export function isInexactNumber(text: string): boolean {
  const value = Number(text);
  if (!Number.isFinite(value)) return true;
  const a = decimal(text);
  const b = decimal(String(value));
  return a.negative !== b.negative || a.digits !== b.digits || a.exponent !== b.exponent;
}

/** JSON path of a member, written as the document mapping writes it (mapping/document/descend.ts memberPath). */
function member(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return IDENTIFIER.test(key) ? `${base}.${key}` : `${base}['${key}']`;
}

type Frame =
  { kind: 'object'; key: string | undefined; path: string } | { kind: 'array'; index: number; path: string };

/**
 * The inexact numbers of a JSON text JSON.parse accepted, by JSON path (`$.items[3].id`) with
 * their source text; each is replaced in `document` by that text, so a mapping that reads it as
 * text (an ext_id, a name) gets what the file says, and one that reads it as money can refuse it.
 * A text without a long digit run (nearly every export) is not scanned.
 */
export function keepInexactNumbers(text: string, document: unknown): Map<string, string> {
  const found = new Map<string, string>();
  if (!MAY_HOLD.test(text)) return found;
  const stack: Frame[] = [];
  let expectKey = false;
  const where = (): { frame: Frame | undefined; path: string } => {
    const frame = stack[stack.length - 1];
    if (!frame) return { frame, path: '$' };
    return {
      frame,
      path: frame.kind === 'array' ? member(frame.path, frame.index) : member(frame.path, frame.key ?? ''),
    };
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top?.kind === 'object') {
        top.key = JSON.parse(text.slice(i, end + 1)) as string;
        expectKey = false;
      }
      i = end;
    } else if (char === '{' || char === '[') {
      const path = where().path;
      stack.push(char === '{' ? { kind: 'object', key: undefined, path } : { kind: 'array', index: 0, path });
      expectKey = char === '{';
    } else if (char === '}' || char === ']') stack.pop();
    else if (char === ',') {
      const top = stack[stack.length - 1];
      if (top?.kind === 'array') top.index++;
      else expectKey = true;
    } else if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) {
      NUMBER.lastIndex = i;
      const token = NUMBER.exec(text)?.[0] ?? char;
      if ((token.length >= 16 || /[eE]/.test(token)) && isInexactNumber(token)) {
        const { frame, path } = where();
        replace(document, stack, frame, token);
        found.set(path, token);
      }
      i += token.length - 1;
    }
  }
  return found;
}

/** Puts `token` where the parsed number is, when the value there is still that number. */
function replace(document: unknown, stack: readonly Frame[], frame: Frame | undefined, token: string): void {
  if (!frame) return;
  let holder: unknown = document;
  for (const open of stack.slice(0, -1)) {
    const key = open.kind === 'array' ? open.index : open.key;
    holder = key === undefined ? undefined : (holder as Record<string | number, unknown> | undefined)?.[key];
  }
  const key = frame.kind === 'array' ? frame.index : frame.key;
  const container = holder as Record<string | number, unknown> | undefined;
  if (container && key !== undefined && container[key] === Number(token)) container[key] = token;
}

import { InvalidInputError } from '../../errors.js';

/** 1-based line and column of a string offset; CRLF counts as one line break. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Where JSON.parse stopped. V8 names a position for most errors ("at position 42"), but not for
 * an unexpected token ("Unexpected token '}', ..."), so we fall back to a small syntax scanner.
 */
export function syntaxErrorOffset(text: string, error: SyntaxError): number {
  const match = /at position (\d+)/.exec(error.message);
  if (match?.[1]) return Number(match[1]);
  return scanForError(text);
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const LITERAL = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/;
// JSON strings may not hold raw control characters, so the pattern has to name them.
// eslint-disable-next-line no-control-regex
const STRING = /^"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/;

/** Offset of the first syntax error, by a recursive-descent walk that builds nothing. */
function scanForError(text: string): number {
  let at = 0;
  const skip = (): void => {
    while (at < text.length && WHITESPACE.has(text[at] ?? '')) at++;
  };
  const fail = (): never => {
    throw at;
  };
  const value = (): void => {
    skip();
    const char = text[at];
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      at++;
      skip();
      if (text[at] === close) return void at++;
      for (;;) {
        if (close === '}') {
          skip();
          const key = STRING.exec(text.slice(at, at + 100_000));
          if (!key) fail();
          at += key?.[0].length ?? 0;
          skip();
          if (text[at] !== ':') fail();
          at++;
        }
        value();
        skip();
        if (text[at] === ',') at++;
        else if (text[at] === close) return void at++;
        else fail();
      }
    }
    const token = (char === '"' ? STRING : LITERAL).exec(text.slice(at, at + 100_000));
    if (!token) fail();
    at += token?.[0].length ?? 0;
  };
  try {
    value();
    skip();
    return at < text.length ? at : text.length;
  } catch (position) {
    return typeof position === 'number' ? position : 0;
  }
}

/** What V8 says is wrong, without its copy of the text and its position (we give line and column). */
export function syntaxReason(error: SyntaxError): string {
  return error.message
    .replace(/,? ?".*" is not valid JSON$/s, '')
    .replace(/ in JSON at position \d+.*$/s, '');
}

/** JSON.parse with a BOM stripped and errors that name the file, line and column. */
export function parseJson(text: string, file: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body) as unknown;
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const { line, column } = lineAndColumn(body, syntaxErrorOffset(body, error));
    throw new InvalidInputError(
      `Invalid JSON in ${file} at line ${line}, column ${column}: ${syntaxReason(error)}`,
      { cause: error },
    );
  }
}

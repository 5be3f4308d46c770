/**
 * Characters a guest cannot see but that change what a name shows or how it sorts and matches:
 * controls (C0 but TAB, LF and CR, which are judged by field; DEL; C1) and invisible format
 * characters (soft hyphen, bidi marks, embeddings, overrides and isolates such as U+202E and U+2066,
 * zero-width space, word joiner and invisible operators, byte-order mark, interlinear annotation).
 * NUL is left to the U+FFFD/NUL check (mapping/garbled-text.ts). Zero-width joiner and non-joiner
 * are allowed between two visible characters (emoji sequences, Persian and Indic scripts need them).
 * See https://www.unicode.org/reports/tr36/ (Unicode security considerations) for why they matter.
 */
const CONTROL_OR_FORMAT =
  '\\u0001-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB';

const INVISIBLE = new RegExp(`[${CONTROL_OR_FORMAT}]`);
/** A joiner at either end of the text or beside a space joins nothing visible. */
const STRAY_JOINER = /(?:^|\s)[\u200C\u200D]|[\u200C\u200D](?:\s|$)/u;
/** Names are one line: any tab or line break is invisible there. */
const NAME_BREAK = /[\t\n\r]/;
/** Descriptions may hold lines (LF, CRLF) and tabs; a lone CR overwrites the line it ends on some screens. */
const LONE_CR = /\r(?!\n)/;

/** The characters `escapeInvisible` shows as escapes. */
const SHOWN = new RegExp(`[${CONTROL_OR_FORMAT}\\t\\n\\r\\u200C\\u200D]`, 'g');

const MAY_HOLD = new RegExp(`[${CONTROL_OR_FORMAT}\\t\\n\\r\\u200C\\u200D]`);

/**
 * Whether a text holds any character `hasInvisible` looks at: one scan that clears the usual text,
 * where `hasInvisible` takes three.
 */
export function mayHoldInvisible(text: string): boolean {
  return MAY_HOLD.test(text);
}

/** Whether a name (one line) or a description (lines allowed) holds a character a guest cannot see. */
export function hasInvisible(text: string, field: 'name' | 'description'): boolean {
  if (INVISIBLE.test(text) || STRAY_JOINER.test(text)) return true;
  return field === 'name' ? NAME_BREAK.test(text) : LONE_CR.test(text);
}

/**
 * `U+202E, U+200B` (at most `max`, distinct, in order): the invisible characters of a text. In a
 * description, tabs and line feeds are its layout, not a fault, so they are not named.
 */
export function listInvisible(text: string, field: 'name' | 'description' = 'name', max = 3): string {
  const all = [...new Set(text.match(SHOWN) ?? [])];
  const seen = field === 'name' ? all : all.filter((char) => char !== '\n' && char !== '\t');
  const shown = seen.slice(0, max).map((char) => `U+${codeOf(char)}`);
  return seen.length > max ? `${shown.join(', ')} and ${seen.length - max} more` : shown.join(', ');
}

function codeOf(char: string): string {
  return (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
}

const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * The text with every control and invisible format character written as an escape (`\u202E`,
 * `\n`), for reports and messages: what is there must be seen, and a bidi override must not turn
 * the rest of a report line around.
 */
export function escapeInvisible(text: string): string {
  return text.replace(SHOWN, (char, at: number) =>
    isJoining(text, char, at) ? char : (NAMED[char] ?? `\\u${codeOf(char)}`),
  );
}

/** A zero-width joiner or non-joiner between two visible characters (`👨‍🍳`) is part of what is shown. */
function isJoining(text: string, char: string, at: number): boolean {
  if (char !== '\u200C' && char !== '\u200D') return false;
  const before = text[at - 1];
  const after = text[at + 1];
  return before !== undefined && after !== undefined && !/\s/.test(before) && !/\s/.test(after);
}

/** `"name"` quoted as JSON, with the invisible characters JSON leaves raw (bidi, zero-width) escaped too. */
export function quoteVisibly(text: string): string {
  return `"${escapeInvisible(JSON.stringify(text).slice(1, -1))}"`;
}

/**
 * Whether JSON text (a document, or settings through JSON.stringify) may hold U+FFFD, NUL or a
 * character `hasInvisible` finds: raw, or escaped (`\n`, `\u202e`). A false alarm only costs a
 * search of the menu.
 */
export function jsonMayHoldInvisible(json: string): boolean {
  return JSON_TELLS.test(json);
}

const JSON_TELLS = new RegExp(
  `\\\\[bfnrt]|\\\\u(?:00[01]|007f|008|009|00ad|061c|180e|20[0-6]|fe|fff)|[\\uFFFD${CONTROL_OR_FORMAT}\\u200C\\u200D]`,
  'i',
);

/**
 * Whether UTF-8 bytes may hold U+FFFD, NUL or a character `hasInvisible` finds, other than TAB and
 * line breaks (a CSV reader knows those itself). One scan of the bytes read as Latin-1 for a
 * control or a lead byte of one of the multi-byte characters (a single character class, the
 * fastest form for the regular-expression engine: ~1 ns a byte), each lead byte then checked by
 * hand; the byte-order mark counts only past `from`.
 */
export function utf8MayHoldInvisible(bytes: Buffer, from = 0): boolean {
  const text = bytes.toString('latin1');
  UTF8_CANDIDATE.lastIndex = from;
  for (let match = UTF8_CANDIDATE.exec(text); match !== null; match = UTF8_CANDIDATE.exec(text)) {
    const at = match.index;
    if (text.charCodeAt(at) < 0x80 || UTF8_TELL.test(text.slice(at, at + 3))) return true;
  }
  return false;
}

// A control, or the lead byte of U+0080-U+00BF (C2), U+061C (D8), U+180E (E1), U+2000-U+207F (E2)
// and U+FEFF-U+FFFF (EF) in UTF-8, read as Latin-1.
// eslint-disable-next-line no-control-regex
const UTF8_CANDIDATE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F\xC2\xD8\xE1\xE2\xEF]/g;
/** The multi-byte characters themselves: C1 controls, soft hyphen, U+061C, U+180E, U+200B-U+200F, U+202A-U+202E, U+2060-U+206F, BOM, U+FFF9-U+FFFB and U+FFFD. */
const UTF8_TELL =
  /^(?:\xC2[\x80-\x9F\xAD]|\xD8\x9C|\xE1\xA0\x8E|\xE2\x80[\x8B-\x8F\xAA-\xAE]|\xE2\x81[\xA0-\xAF]|\xEF\xBB\xBF|\xEF\xBF[\xB9-\xBD])/;

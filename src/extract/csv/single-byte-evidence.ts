import { decodeWindows1252 } from './windows-1252.js';

const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;
const LETTER = /\p{L}/u;
/** Curly quotes, dashes, ellipsis, bullet, euro: what Windows-1252 puts at 0x80-0x9F. */
const PUNCTUATION = /[\u2010-\u2027\u20ac]/u;
const WORDISH = /[\p{L}\p{N} ]/u;

/**
 * How much a single-byte decoding looks like real text: accented letters sit inside words
 * (`café`, `Müller`), typographic punctuation sits next to words or spaces (`Chef’s`, `“Best”`);
 * an upper-case letter right after a lower-case one (`åÊ`) or a C1 control is a sign of the
 * wrong code page.
 */
function plausibility(text: string): number {
  let score = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    const char = text[i] ?? '';
    const before = text[i - 1] ?? ' ';
    if (code >= 0x80 && code <= 0x9f) score -= 5;
    else if (PUNCTUATION.test(char) && WORDISH.test(before + (text[i + 1] ?? ' '))) score += 1;
    else if (LOWER.test(char) && LETTER.test(before)) score += 1;
    else if (UPPER.test(char) && LOWER.test(before)) score -= 1;
  }
  return score;
}

/**
 * Excel for Mac leaves fingerprints: UTF-8 mis-read and saved as MacRoman turns a non-breaking
 * space into `E5 CA` ("Â"+NBSP) and `€` into `DB`; it also writes bare CR line breaks.
 */
function macintoshHints(sample: Uint8Array): number {
  let hints = 0;
  let crOnly = 0;
  for (let i = 0; i < sample.length; i++) {
    const byte = sample[i];
    if (byte === 0xe5 && sample[i + 1] === 0xca) hints += 3;
    else if (byte === 0x89 && sample[i + 1] === 0xdb) hints += 3;
    else if (byte === 0x0d && sample[i + 1] !== 0x0a) crOnly++;
  }
  return hints + Math.min(crOnly, 10);
}

/** How well the sample reads as Windows-1252 and as MacRoman text (higher is better; 0 is no evidence). */
export function singleByteEvidence(sample: Uint8Array): { windows: number; mac: number } {
  return {
    windows: plausibility(decodeWindows1252(sample)),
    mac: plausibility(new TextDecoder('macintosh').decode(sample)) + macintoshHints(sample),
  };
}

import type { CsvEncoding } from './encoding-labels.js';
import { decodeText } from './decode-text.js';
import { ENCODING_LANGUAGES, LANGUAGES, type MenuLanguage } from './menu-languages.js';

/** One reading of the sample: the encoding, the language it reads best as, and how well. */
export interface Reading {
  encoding: CsvEncoding;
  language: string;
  score: number;
  knownWords: number;
  /** The decoded sample, to show a cell of it and to tell readings that are the same text apart. */
  text: string;
}

const LETTER = /[\p{L}\p{M}]/u;
const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;
const SYMBOL = /\p{S}/u;
const WORDS = /[\p{L}\p{M}]+/gu;
const KNOWN_WORD = 5;

/** A character of a double-byte encoding (kana, Han, Hangul) stands for two bytes: it weighs twice. */
const weight = (code: number): number => (code >= 0x3000 && code < 0xff00 ? 2 : 1);

function isFrequent(char: string, language: MenuLanguage): boolean {
  return language.frequent.includes(char.toLowerCase()) || language.frequentScript?.test(char) === true;
}

/** A non-letter touching letters: a symbol (`€`, `√`, `¬`) on either side, punctuation on both. */
function oddBetweenLetters(char: string, before: string, after: string): boolean {
  const touching = Number(LETTER.test(before)) + Number(LETTER.test(after));
  return SYMBOL.test(char) ? touching > 0 : touching === 2;
}

/**
 * Per non-ASCII character: a frequent letter of the language for, another letter of its script
 * neither way; a letter of another script, a symbol inside a word, an upper-case letter after a
 * lower-case one (`бОПЫ`, KOI8-R read as Windows-1251) and a control or U+FFFD against.
 */
function letterScore(text: string, language: MenuLanguage): number {
  let score = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    const char = text[i] ?? '';
    if (code === 0xfffd || code <= 0x9f) {
      score -= 5;
      continue;
    }
    const before = text[i - 1] ?? ' ';
    if (!LETTER.test(char)) {
      if (oddBetweenLetters(char, before, text[i + 1] ?? ' ')) score -= 2;
    } else if (isFrequent(char, language)) score += weight(code);
    else if (!language.script.test(char)) score -= weight(code);
    if (UPPER.test(char) && LOWER.test(before)) score -= 1;
  }
  return score;
}

function knownWords(text: string, language: MenuLanguage): number {
  const evidence = language.words.split(' ').filter((word) => word.length >= 2 && /[^ -~]/.test(word));
  const lower = text.toLowerCase();
  if (language.unspaced) return evidence.filter((word) => lower.includes(word)).length;
  const words = new Set(evidence);
  let found = 0;
  for (const word of lower.match(WORDS) ?? []) if (words.has(word)) found++;
  return found;
}

/** How well `sample` reads in `encoding`, in the best of the languages that encoding is written in. */
export function readingOf(sample: Uint8Array, encoding: CsvEncoding): Reading {
  const text = decodeText(sample, encoding);
  let best: Reading | undefined;
  for (const language of ENCODING_LANGUAGES[encoding] ?? []) {
    const model = LANGUAGES[language];
    if (!model) continue;
    const known = knownWords(text, model);
    const score = letterScore(text, model) + KNOWN_WORD * known;
    if (!best || score > best.score)
      best = { encoding, language: model.name, score, knownWords: known, text };
  }
  return best ?? { encoding, language: '', score: 0, knownWords: 0, text };
}

/** The encodings detection weighs for text that is not Western, in order of preference on a tie. */
export const CANDIDATES: CsvEncoding[] = Object.keys(ENCODING_LANGUAGES);

/**
 * Every candidate's reading, best first; readings that give the same text as a better-placed
 * one (KOI8-R and KOI8-U for Russian, Windows-1255 and ISO-8859-8 for Hebrew letters) are one.
 */
export function rankReadings(sample: Uint8Array): Reading[] {
  const readings = CANDIDATES.map((encoding) => readingOf(sample, encoding));
  const seen = new Set<string>();
  return readings
    .map((reading, order) => ({ reading, order }))
    .sort((a, b) => b.reading.score - a.reading.score || a.order - b.order)
    .map(({ reading }) => reading)
    .filter((reading) => {
      if (seen.has(reading.text)) return false;
      seen.add(reading.text);
      return true;
    });
}

/**
 * Text whose words are made of high bytes alone (Cyrillic, Greek, Hebrew, Arabic in their code
 * pages, read as Windows-1252: `Áîðù`) is not Western: in Western text an accented letter sits
 * among ASCII letters (`Café`). The share of non-ASCII letters in words of two or more letters
 * that are all non-ASCII tells them apart.
 */
export function highOnlyWordShare(text: string): number {
  let high = 0;
  let inHighWords = 0;
  for (const word of text.match(WORDS) ?? []) {
    let nonAscii = 0;
    for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) >= 0x80) nonAscii++;
    high += nonAscii;
    if (nonAscii === word.length && word.length >= 2) inHighWords += nonAscii;
  }
  return high === 0 ? 0 : inHighWords / high;
}

/** Letters Western menus do not use but other Latin code pages' letters turn into (Turkish ı ş ğ). */
const UNWESTERN_LETTERS = 'ðþýÐÞÝ';
/** Punctuation that sits inside Western words: apostrophes and hyphens. */
const IN_WORD_PUNCTUATION = /['’‐-―]/u;
const NUMBER = /\p{No}/u;

/**
 * Signs in a Western decoding that the text is another Latin code page's (Polish `Go³¹bki`,
 * Turkish `Þiþ`): a symbol or superscript touching a letter, other punctuation inside a word, ð þ ý.
 */
export function unwesternSigns(text: string): number {
  let signs = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 0x80) continue;
    const char = text[i] ?? '';
    if (UNWESTERN_LETTERS.includes(char)) signs++;
    else if (LETTER.test(char) || IN_WORD_PUNCTUATION.test(char)) continue;
    else if (
      NUMBER.test(char)
        ? oddBetweenLetters('€', text[i - 1] ?? ' ', text[i + 1] ?? ' ')
        : oddBetweenLetters(char, text[i - 1] ?? ' ', text[i + 1] ?? ' ')
    )
      signs++;
  }
  return signs;
}

/** The first cell of the sample that holds a high byte, cut to 30 bytes either side: shown decoded in each candidate when asking. */
export function sampleCell(sample: Uint8Array): Uint8Array {
  const at = sample.findIndex((byte) => byte >= 0x80);
  if (at < 0) return sample.subarray(0, 0);
  const stop = (byte: number | undefined): boolean =>
    byte === undefined || [0x0a, 0x0d, 0x2c, 0x3b, 0x09, 0x22].includes(byte);
  let start = at;
  while (start > 0 && at - start < 30 && !stop(sample[start - 1])) start--;
  let end = at;
  while (end < sample.length && end - at < 30 && !stop(sample[end])) end++;
  return sample.subarray(start, end);
}

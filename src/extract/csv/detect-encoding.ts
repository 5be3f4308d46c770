import { isUtf8 } from 'node:buffer';
import { decodeWindows1252 } from './windows-1252.js';

/** Encodings the CSV reader decodes, spelled as Node's TextDecoder labels. */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'macintosh';

export interface DetectedEncoding {
  encoding: CsvEncoding;
  /** Bytes of byte-order mark at the start of the file. */
  bomLength: number;
}

/** Lengths of the bytes of an incomplete UTF-8 sequence cut off by the end of a sample. */
export function incompleteUtf8Tail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? back : 0;
  }
  return 0;
}

/** UTF-16 without a BOM: one of the two byte lanes is nearly all zero for Latin text. */
function sniffUtf16(sample: Uint8Array): CsvEncoding | undefined {
  const pairs = Math.min(sample.length >> 1, 512);
  if (pairs < 4) return undefined;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < pairs; i++) {
    if (sample[2 * i] === 0) evenZero++;
    if (sample[2 * i + 1] === 0) oddZero++;
  }
  if (oddZero > pairs * 0.7 && evenZero < pairs * 0.1) return 'utf-16le';
  if (evenZero > pairs * 0.7 && oddZero < pairs * 0.1) return 'utf-16be';
  return undefined;
}

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

/** The file's encoding from its first bytes (see the CSV section of the README for the rules). */
export function detectEncoding(sample: Uint8Array): DetectedEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf)
    return { encoding: 'utf-8', bomLength: 3 };
  if (sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (sample[0] === 0xfe && sample[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  const utf16 = sniffUtf16(sample);
  if (utf16) return { encoding: utf16, bomLength: 0 };
  const complete = sample.subarray(0, sample.length - incompleteUtf8Tail(sample));
  if (isUtf8(complete)) return { encoding: 'utf-8', bomLength: 0 };
  const mac = plausibility(new TextDecoder('macintosh').decode(sample)) + macintoshHints(sample);
  const windows = plausibility(decodeWindows1252(sample));
  return { encoding: mac > windows ? 'macintosh' : 'windows-1252', bomLength: 0 };
}

/** Spellings users write in a mapping, normalised to TextDecoder labels. */
export function normalizeEncoding(label: string): CsvEncoding | undefined {
  const key = label.trim().toLowerCase().replace(/[_\s]/g, '-');
  const aliases: Record<string, CsvEncoding> = {
    'utf-8': 'utf-8',
    utf8: 'utf-8',
    'utf-8-bom': 'utf-8',
    'utf-16le': 'utf-16le',
    'utf-16-le': 'utf-16le',
    utf16le: 'utf-16le',
    'utf-16be': 'utf-16be',
    'utf-16-be': 'utf-16be',
    utf16be: 'utf-16be',
    'windows-1252': 'windows-1252',
    cp1252: 'windows-1252',
    latin1: 'windows-1252',
    'latin-1': 'windows-1252',
    'iso-8859-1': 'windows-1252',
    macintosh: 'macintosh',
    macroman: 'macintosh',
    'mac-roman': 'macintosh',
  };
  return aliases[key];
}

/**
 * Encoding names: every encoding of the WHATWG Encoding Standard by its standard labels
 * (https://encoding.spec.whatwg.org/#names-and-labels), as Node's TextDecoder knows them, plus
 * the spellings POS exports and Windows use that the standard leaves out (cp932, cp936, cp949...).
 */

/** A canonical name: the `encoding` of Node's TextDecoder for its label, or `iso-8859-16`. */
export type CsvEncoding = string;

/** The spellings to suggest in errors and help texts. */
export const ENCODING_NAMES =
  'utf-8, utf-16le, utf-16be, windows-1250, windows-1251, windows-1252 ... windows-1258, windows-874, iso-8859-2 ... iso-8859-16, koi8-r, koi8-u, ibm866, macintosh, x-mac-cyrillic, shift_jis, euc-jp, iso-2022-jp, gbk, gb18030, big5, euc-kr or another label of the WHATWG Encoding Standard';

/** Spellings outside the standard's labels, and the ones whose meaning here differs from it. */
const EXTRA: Record<string, CsvEncoding> = {
  'utf-8-bom': 'utf-8',
  utf8: 'utf-8',
  'utf-16-le': 'utf-16le',
  utf16le: 'utf-16le',
  'utf-16-be': 'utf-16be',
  utf16be: 'utf-16be',
  latin1: 'windows-1252',
  'latin-1': 'windows-1252',
  macroman: 'macintosh',
  'mac-roman': 'macintosh',
  'mac-cyrillic': 'x-mac-cyrillic',
  cp932: 'shift_jis',
  'ms-kanji': 'shift_jis',
  'shift-jis': 'shift_jis',
  cp936: 'gbk',
  cp949: 'euc-kr',
  uhc: 'euc-kr',
  cp950: 'big5',
  cp874: 'windows-874',
  'iso-8859-16': 'iso-8859-16',
  'iso8859-16': 'iso-8859-16',
  'iso_8859-16': 'iso-8859-16',
  latin10: 'iso-8859-16',
  l10: 'iso-8859-16',
};

/** Node's TextDecoder reads these labels, but they are not text a menu is written in. */
const REFUSED = new Set(['replacement', 'x-user-defined']);

function decoderName(label: string): CsvEncoding | undefined {
  try {
    const name = new TextDecoder(label).encoding;
    return REFUSED.has(name) ? undefined : name;
  } catch {
    return undefined;
  }
}

/** Spellings users write in a mapping or on the command line, normalised to one canonical name. */
export function normalizeEncoding(label: string): CsvEncoding | undefined {
  const key = label.trim().toLowerCase();
  const dashed = key.replace(/[_\s]/g, '-');
  // `--encoding constructor` names no encoding, not Object's prototype.
  const extra = (name: string) => (Object.hasOwn(EXTRA, name) ? EXTRA[name] : undefined);
  return extra(key) ?? extra(dashed) ?? decoderName(key) ?? decoderName(dashed);
}

/** Encodings whose bytes are all single characters: no state across chunks. */
export function isSingleByte(encoding: CsvEncoding): boolean {
  return ![
    'utf-8',
    'utf-16le',
    'utf-16be',
    'gbk',
    'gb18030',
    'big5',
    'euc-jp',
    'iso-2022-jp',
    'shift_jis',
    'euc-kr',
  ].includes(encoding);
}

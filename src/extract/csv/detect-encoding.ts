import { InvalidInputError } from '../../errors.js';
import type { DataIssue } from '../../model/data-issue.js';
import { isAscii } from 'node:buffer';
import { scanUtf8 } from '../utf8-faults.js';
import { singleByteEvidence } from './single-byte-evidence.js';
import { ENCODING_NAMES, normalizeEncoding, type CsvEncoding } from './encoding-labels.js';
import { decideByScript, isWesternText } from './script-decision.js';
import type { DetectedEncoding } from './detected-encoding.js';

export { ENCODING_NAMES, normalizeEncoding, type CsvEncoding } from './encoding-labels.js';
export type { DetectedEncoding } from './detected-encoding.js';

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

/** Valid multi-byte and invalid UTF-8 sequences in a sample (one cut off by its end is neither). */
function utf8Sequences(sample: Uint8Array): { multiByte: number; invalid: number } {
  const complete = sample.subarray(0, sample.length - incompleteUtf8Tail(sample));
  let invalid = 0;
  const multiByte = scanUtf8(complete, 0, (fault) => {
    if (!fault.literal) invalid++;
  });
  return { multiByte, invalid };
}

/** Invalid UTF-8 sequences per valid one above which the valid ones are taken for chance. */
const CHANCE_RATIO = 3;

/** ISO-2022-JP is 7-bit: its Japanese runs open with ESC $ B (or ESC $ @) and close with ESC ( B. */
function hasIso2022JpEscapes(sample: Uint8Array): boolean {
  for (let at = sample.indexOf(0x1b); at >= 0; at = sample.indexOf(0x1b, at + 1))
    if (sample[at + 1] === 0x24 && (sample[at + 2] === 0x42 || sample[at + 2] === 0x40)) return true;
  return false;
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

/**
 * The file's encoding from its first bytes, and why (see docs/inputs.md, "Encodings"):
 * a BOM; UTF-16 by its zero bytes; plain ASCII is UTF-8; any valid multi-byte UTF-8 sequence makes
 * the file UTF-8, its invalid bytes then being errors (a stray Windows-1252 byte in a UTF-8 export
 * must not turn "Café" into "CafÃ©"); only without one is a single-byte encoding chosen, and only
 * when its text reads better than the other's. No evidence either way is not a guess: the file is
 * read as UTF-8 so that every non-ASCII byte is a located error asking for the encoding.
 */
export function detectEncoding(sample: Uint8Array): DetectedEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf)
    return { encoding: 'utf-8', bomLength: 3, reason: 'UTF-8 byte-order mark' };
  if (sample[0] === 0xff && sample[1] === 0xfe)
    return { encoding: 'utf-16le', bomLength: 2, reason: 'UTF-16 LE byte-order mark' };
  if (sample[0] === 0xfe && sample[1] === 0xff)
    return { encoding: 'utf-16be', bomLength: 2, reason: 'UTF-16 BE byte-order mark' };
  const utf16 = sniffUtf16(sample);
  if (utf16) return { encoding: utf16, bomLength: 0, reason: 'every other byte is zero' };
  if (hasIso2022JpEscapes(sample))
    return { encoding: 'iso-2022-jp', bomLength: 0, reason: 'ISO-2022-JP escape sequences' };
  if (isAscii(sample)) return { encoding: 'utf-8', bomLength: 0, reason: 'only ASCII bytes' };
  const { multiByte, invalid } = utf8Sequences(sample);
  const sequences = `${multiByte} valid multi-byte sequence${multiByte === 1 ? '' : 's'}`;
  const bad = invalid > 0 ? `, ${invalid} invalid` : '';
  // A few valid sequences among more invalid ones occur by chance in Shift_JIS, GBK or KOI8-R text.
  const chance = invalid > CHANCE_RATIO * multiByte;
  if (multiByte > 0 && !chance)
    return { encoding: 'utf-8', bomLength: 0, reason: `${sequences}${bad} in the sample` };
  if (multiByte > 0) return decideByScript(sample, `${sequences}${bad} in the sample: not UTF-8`);
  if (!isWesternText(sample)) return decideByScript(sample, 'no valid UTF-8 multi-byte sequence');
  const { windows, mac } = singleByteEvidence(sample);
  const scores = `Windows-1252 ${windows}, MacRoman ${mac}`;
  if (windows > mac && windows > 0)
    return {
      encoding: 'windows-1252',
      bomLength: 0,
      reason: `no valid UTF-8 multi-byte sequence; reads as text: ${scores}`,
    };
  if (mac > windows && mac > 0)
    return {
      encoding: 'macintosh',
      bomLength: 0,
      reason: `no valid UTF-8 multi-byte sequence; reads as text: ${scores}`,
    };
  return {
    encoding: 'utf-8',
    bomLength: 0,
    reason: `no valid UTF-8 multi-byte sequence, and no single-byte encoding reads better (${scores}): set the encoding`,
  };
}

/** An encoding the user set (mapping `encoding:` or `--encoding`), checked; `origin` says where. */
export function givenEncoding(
  file: string,
  label: string,
  origin = 'set in the read options',
): { encoding: CsvEncoding; reason: string } {
  const encoding = normalizeEncoding(label);
  if (!encoding) {
    throw new InvalidInputError(`Unsupported encoding "${label}" for ${file}: use ${ENCODING_NAMES}`);
  }
  return { encoding, reason: origin };
}

/**
 * A warning when a legacy encoding was set for bytes that read as UTF-8: the setting wins,
 * but "Café" would go live as "CafÃ©", so it is said. `sample` is the file's first bytes.
 */
export function overrideMismatch(file: string, sample: Uint8Array, chosen: DetectedEncoding): DataIssue[] {
  if (chosen.encoding.startsWith('utf-')) return [];
  const { multiByte, invalid } = utf8Sequences(sample);
  // Outnumbered by invalid ones, valid sequences are chance (Shift_JIS, GBK), not UTF-8 text.
  if (multiByte === 0 || invalid > CHANCE_RATIO * multiByte) return [];
  return [
    {
      code: 'encoding',
      severity: 'warning',
      message: `read as ${chosen.encoding} (${chosen.reason}), but the start of the file holds ${multiByte} valid UTF-8 multi-byte sequence${multiByte === 1 ? '' : 's'}: if it is UTF-8, "é" goes live as "Ã©"`,
      location: { file },
    },
  ];
}

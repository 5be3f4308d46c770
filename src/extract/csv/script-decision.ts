import { OPTION_NAMES } from '../../model/setting-names.js';
import type { DetectedEncoding } from './detected-encoding.js';
import { decodeText } from './decode-text.js';
import {
  highOnlyWordShare,
  rankReadings,
  sampleCell,
  unwesternSigns,
  type Reading,
} from './script-evidence.js';

/** Bytes of the sample weighed for a script: some 50 rows of a menu; 24 decodings of 16 KB took 300 ms. */
const WEIGH_BYTES = 4 * 1024;
/** Share of non-ASCII letters in words of non-ASCII letters only above which text is not Western. */
const HIGH_ONLY_SHARE = 0.5;
/** Share of high bytes that may read as symbols inside words (or ð þ ý) in Western text. */
const UNWESTERN_SHARE = 0.1;
/** A reading wins when it scores at least this much, and this much above the next. */
const MIN_SCORE = 5;
const MIN_LEAD = 5;
/** Readings named when asking. */
const CANDIDATES_SHOWN = 5;

function highBytes(sample: Uint8Array): number {
  let high = 0;
  for (const byte of sample) if (byte >= 0x80) high++;
  return high;
}

/**
 * Western text (French, German, Spanish... in Windows-1252 or MacRoman): accented letters among
 * ASCII letters, and no symbols inside words, in at least one of the two code pages (MacRoman's
 * `E5 CA` is `Â`+NBSP, but `åÊ` in Windows-1252).
 */
export function isWesternText(sample: Uint8Array): boolean {
  const part = weighed(sample);
  const readings = [decodeText(part, 'windows-1252'), decodeText(part, 'macintosh')];
  if (Math.min(...readings.map(highOnlyWordShare)) >= HIGH_ONLY_SHARE) return false;
  return Math.min(...readings.map(unwesternSigns)) <= highBytes(part) * UNWESTERN_SHARE;
}

/** The sample cut to WEIGH_BYTES at a line break, so no character is cut in two. */
function weighed(sample: Uint8Array): Uint8Array {
  if (sample.length <= WEIGH_BYTES) return sample;
  const end = sample.lastIndexOf(0x0a, WEIGH_BYTES);
  return sample.subarray(0, end > 0 ? end + 1 : WEIGH_BYTES);
}

const scoreOf = (reading: Reading): string => `${reading.encoding} ${reading.score}`;

/**
 * Text that is not Western: every candidate code page (menu-languages.ts) reads the sample, and
 * the best reading is taken when it leads clearly; otherwise nothing is guessed and the readings
 * go back as candidates, for the reader to ask which one with a cell decoded in each.
 */
export function decideByScript(sample: Uint8Array, utf8: string): DetectedEncoding {
  const readings = rankReadings(weighed(sample));
  const [best, next] = readings;
  const basis = `${utf8}, and not Western text`;
  if (best && best.score >= MIN_SCORE && best.score - (next?.score ?? 0) >= MIN_LEAD) {
    const known =
      best.knownWords > 0 ? `, ${best.knownWords} menu word${best.knownWords === 1 ? '' : 's'} known` : '';
    const runnerUp = next ? `; next ${scoreOf(next)}` : '';
    return {
      encoding: best.encoding,
      bomLength: 0,
      reason: `${basis}; reads as ${best.language} in ${scoreOf(best)}${known}${runnerUp}`,
    };
  }
  return {
    encoding: 'utf-8',
    bomLength: 0,
    reason: `${basis}, and no reading is clearly better`,
    candidates: readings.slice(0, CANDIDATES_SHOWN),
  };
}

/**
 * The question when the evidence does not decide: each plausible encoding with the first cell
 * holding high bytes as it reads in that encoding, so the user can pick one (the encoding override, or the mapping's `encoding:`).
 */
export function encodingQuestion(
  file: string,
  sample: Uint8Array,
  detected: DetectedEncoding,
  encodingName: string = OPTION_NAMES.encoding,
): string {
  const cell = sampleCell(sample);
  const readings = (detected.candidates ?? []).map(
    (reading) =>
      `${reading.encoding} (${reading.language}, ${reading.score}): "${decodeText(cell, reading.encoding)}"`,
  );
  const choices = readings.length > 0 ? `; it reads as ${readings.join(', ')}` : '';
  return `${file}: cannot tell the encoding from its bytes (${detected.reason})${choices}. Name it with ${encodingName} or the mapping's encoding: (see docs/encodings.md)`;
}

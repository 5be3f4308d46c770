import { OPTION_NAMES } from '../model/setting-names.js';
/**
 * One place in a file where UTF-8 decoding yields U+FFFD: an invalid byte sequence, or (`literal`)
 * the three valid bytes EF BF BD of a U+FFFD written in the file itself. Decoders turn both into
 * the same character, so both are listed to pair each U+FFFD of the decoded text with its bytes.
 */
export interface Utf8Fault {
  /** Byte offset in the file. */
  offset: number;
  /** The bytes, e.g. `0x92` or `0xE2 0x82`; empty for a literal U+FFFD. */
  hex: string;
  literal: boolean;
}

/** U+FFFD in UTF-8. */
export const REPLACEMENT = Buffer.from([0xef, 0xbf, 0xbd]);

function hexOf(bytes: Uint8Array, from: number, to: number): string {
  const parts: string[] = [];
  for (let i = from; i < to; i++)
    parts.push(`0x${(bytes[i] ?? 0).toString(16).toUpperCase().padStart(2, '0')}`);
  return parts.join(' ');
}

/**
 * Walks UTF-8 as the WHATWG decoder does (https://encoding.spec.whatwg.org/#utf-8-decoder), which
 * is what Node's Buffer#toString and TextDecoder follow: each maximal invalid subpart is one
 * U+FFFD, and the byte that broke a sequence is read again. Calls `onFault` for each invalid
 * subpart and each literal U+FFFD, in order; returns how many valid multi-byte sequences it saw.
 * A sequence cut off by the end of `bytes` is a fault: callers hold back an incomplete tail first.
 */
export function scanUtf8(bytes: Uint8Array, base: number, onFault: (fault: Utf8Fault) => void): number {
  let multiByte = 0;
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80) {
      i++;
      continue;
    }
    let need = 0;
    let lower = 0x80;
    let upper = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) need = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2;
      if (lead === 0xe0) lower = 0xa0;
      if (lead === 0xed) upper = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3;
      if (lead === 0xf0) lower = 0x90;
      if (lead === 0xf4) upper = 0x8f;
    }
    let j = i + 1;
    let seen = 0;
    while (seen < need && j < n) {
      const next = bytes[j] ?? 0;
      if (next < lower || next > upper) break;
      lower = 0x80;
      upper = 0xbf;
      j++;
      seen++;
    }
    if (need > 0 && seen === need) {
      multiByte++;
      if (lead === 0xef && bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd)
        onFault({ offset: base + i, hex: '', literal: true });
    } else {
      onFault({ offset: base + i, hex: hexOf(bytes, i, j), literal: false });
    }
    i = j;
  }
  return multiByte;
}

/** The literal U+FFFDs of bytes already known to be valid UTF-8, found natively (no byte loop). */
export function literalReplacements(bytes: Buffer, base: number, onFault: (fault: Utf8Fault) => void): void {
  for (let at = bytes.indexOf(REPLACEMENT); at >= 0; at = bytes.indexOf(REPLACEMENT, at + 3))
    onFault({ offset: base + at, hex: '', literal: true });
}

/** Faults spelled out per cell; a cell of a file in another encoding can hold dozens. */
const SHOWN_PER_CELL = 5;

/** `0x92 at byte 1234` / `0x92 at byte 1234, 0xE9 at byte 1240`: the bytes of a cell's faults. */
export function describeFaults(faults: readonly Utf8Fault[]): string {
  const shown = faults.slice(0, SHOWN_PER_CELL).map((fault) => `${fault.hex} at byte ${fault.offset}`);
  const more = faults.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** What to do about invalid UTF-8, the same for every format; `encodingName` as the caller names the override. */
export const invalidUtf8Hint = (encodingName = OPTION_NAMES.encoding): string =>
  `fix the export, or set the encoding (${encodingName}, or encoding: on the source) if the whole file is not UTF-8`;

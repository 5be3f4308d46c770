import { closeSync, openSync, readSync } from 'node:fs';
import { isAscii } from 'node:buffer';
import type { DataIssue } from '../../model/data-issue.js';
import { OPTION_NAMES } from '../../model/setting-names.js';
import type { ChunkDecoder } from './decode-chunks.js';
import { incompleteUtf8Tail, type CsvEncoding } from './detect-encoding.js';
import { decodeWindows1252 } from './windows-1252.js';

/** Where the bytes that chose a single-byte encoding were seen: the first non-ASCII byte of the sample. */
export interface EncodingEvidence {
  encoding: Exclude<CsvEncoding, 'utf-8' | 'utf-16le' | 'utf-16be'>;
  /** File offset of the first non-ASCII byte that decided. */
  offset: number;
  byte: number;
}

const NAMES: Record<EncodingEvidence['encoding'], string> = {
  'windows-1252': 'Windows-1252',
  macintosh: 'MacRoman',
};

const isContinuation = (byte: number | undefined): boolean =>
  byte !== undefined && byte >= 0x80 && byte <= 0xbf;

/**
 * Offset of the first UTF-8 sequence in `bytes` that a menu written in UTF-8 would hold, or -1:
 * a Latin letter or symbol (U+00A0-U+027F: "é" is C3 A9, which Windows-1252 shows as "Ã©"),
 * general punctuation or a currency sign (U+2000-U+20BF: curly quotes, dashes, "€"), or an emoji
 * (U+1F000-U+1FFFF). Other valid sequences are left alone: in single-byte text they occur by
 * chance (MacRoman "€¢" is DB A2, Arabic U+06E2 in UTF-8). A sequence cut off by the end is not one.
 */
export function firstLikelyUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const lead = bytes[i] ?? 0;
    if (lead < 0xc2) continue;
    const second = bytes[i + 1];
    if (lead <= 0xc9) {
      if (isContinuation(second) && (lead > 0xc2 || (second ?? 0) >= 0xa0)) return i;
    } else if (lead === 0xe2) {
      if (second !== undefined && second >= 0x80 && second <= 0x82 && isContinuation(bytes[i + 2])) return i;
    } else if (lead === 0xf0) {
      if (second === 0x9f && isContinuation(bytes[i + 2]) && isContinuation(bytes[i + 3])) return i;
    }
  }
  return -1;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`).join(' ');
}

/** The physical line (CR, LF and CRLF each one break) of a file offset: read again, only for an error. */
function lineAt(file: string, offset: number): number {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1024 * 1024);
    let line = 1;
    let previous = 0;
    for (let position = 0; position < offset;) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, offset - position), position);
      if (read === 0) break;
      for (let i = 0; i < read; i++) {
        const byte = buffer[i];
        if (byte === 0x0d || (byte === 0x0a && previous !== 0x0d)) line++;
        previous = byte ?? 0;
      }
      position += read;
    }
    return line;
  } finally {
    closeSync(fd);
  }
}

function asSingleByte(encoding: EncodingEvidence['encoding'], bytes: Uint8Array): string {
  return encoding === 'windows-1252' ? decodeWindows1252(bytes) : new TextDecoder(encoding).decode(bytes);
}

/**
 * The encoding of a file is decided on the whole file: a file read in a single-byte encoding
 * chosen from its first non-ASCII bytes is watched, chunk by chunk, for the UTF-8 sequences of
 * letters, punctuation and emoji (Windows-1252 at the top, UTF-8 appended at row 29,991 would otherwise go live as
 * "CafÃ©"). The first one is a located error naming both encodings and where each was seen; the
 * rest of the file is not searched. An ASCII chunk costs one native `isAscii`.
 */
export function watchForUtf8(
  inner: ChunkDecoder,
  file: string,
  evidence: EncodingEvidence,
  issues: DataIssue[],
  /** How the caller names the encoding override, for the message. */
  encodingName: string = OPTION_NAMES.encoding,
): ChunkDecoder {
  let carry: Buffer = Buffer.alloc(0);
  let offset = 0;
  let found = false;
  const report = (at: number, bytes: Uint8Array): void => {
    found = true;
    const name = NAMES[evidence.encoding];
    const sequence = bytes.subarray(0, (bytes[0] ?? 0) >= 0xf0 ? 4 : (bytes[0] ?? 0) >= 0xe0 ? 3 : 2);
    const chosen = Uint8Array.of(evidence.byte);
    const seenAt = lineAt(file, evidence.offset);
    issues.push({
      code: 'encoding',
      severity: 'error',
      message: `${hex(sequence)} at byte ${at} is UTF-8 ${JSON.stringify(Buffer.from(sequence).toString('utf8'))}, but the file is read as ${name}, chosen from its bytes at row ${seenAt} (${hex(chosen)} at byte ${evidence.offset}, ${name} ${JSON.stringify(asSingleByte(evidence.encoding, chosen))}): it holds two encodings, so one part would go live garbled ("${asSingleByte(evidence.encoding, sequence)}"); fix the export, or set the encoding (${encodingName}, or encoding: on the source) to the one that is right`,
      location: { file, row: lineAt(file, at) },
    });
  };
  const check = (chunk: Buffer): void => {
    if (found) return;
    const joined = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const base = offset - carry.length;
    offset += chunk.length;
    if (isAscii(joined)) {
      carry = Buffer.alloc(0);
      return;
    }
    const at = firstLikelyUtf8(joined);
    if (at >= 0) return report(base + at, joined.subarray(at));
    const tail = incompleteUtf8Tail(joined);
    carry = Buffer.from(joined.subarray(joined.length - tail));
  };
  return {
    decode: (chunk) => {
      check(chunk);
      return inner.decode(chunk);
    },
    flush: () => inner.flush(),
  };
}

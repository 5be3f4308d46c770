import { isUtf8 } from 'node:buffer';
import { incompleteUtf8Tail, type CsvEncoding } from './detect-encoding.js';
import { literalReplacements, scanUtf8, type Utf8Fault } from '../utf8-faults.js';
import { decodeText } from './decode-text.js';
import { isSingleByte } from './encoding-labels.js';

/** Turns the file's bytes, chunk by chunk, into the UTF-8 bytes csv-parse reads. */
export interface ChunkDecoder {
  decode(chunk: Buffer): Buffer;
  /** Whatever the decoder still holds at the end of the file (a split UTF-16 unit), if anything. */
  flush(): Buffer | undefined;
}

/**
 * Decodes a file in any encoding but UTF-8 chunk by chunk into UTF-8 (single-byte code pages by table). `stream: true` keeps a
 * character split across chunks intact (a UTF-16 unit or surrogate pair, a Shift_JIS or GBK pair).
 */
export function createDecoder(encoding: CsvEncoding): ChunkDecoder {
  if (isSingleByte(encoding)) return singleByteDecoder(encoding);
  const decoder = new TextDecoder(encoding);
  return {
    decode: (chunk) => Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8'),
    flush: () => {
      const rest = decoder.decode();
      return rest ? Buffer.from(rest, 'utf8') : undefined;
    },
  };
}

/**
 * A single-byte code page straight to UTF-8 bytes by a 256-entry table built from its decoding
 * (decode-text.ts): no string in between, which halves the cost of a Windows-1251 export.
 */
function singleByteDecoder(encoding: CsvEncoding): ChunkDecoder {
  const lengths = new Uint8Array(256);
  const bytes = new Uint8Array(256 * 3);
  for (let byte = 0; byte < 256; byte++) {
    const utf8 = Buffer.from(decodeText(Uint8Array.of(byte), encoding), 'utf8');
    lengths[byte] = utf8.length;
    bytes.set(utf8.subarray(0, 3), byte * 3);
  }
  return {
    decode(chunk) {
      const out = Buffer.allocUnsafe(chunk.length * 3);
      let at = 0;
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]!;
        if (byte < 0x80) {
          out[at++] = byte;
          continue;
        }
        const from = byte * 3;
        const length = lengths[byte]!;
        for (let k = 0; k < length; k++) out[at++] = bytes[from + k]!;
      }
      return out.subarray(0, at);
    },
    flush: () => undefined,
  };
}

/**
 * Passes UTF-8 bytes through untouched (csv-parse decodes them faster than we could) and lists,
 * with its byte offset, every place the parser's decoder will turn into U+FFFD: each invalid
 * sequence and each literal U+FFFD. A chunk that is valid UTF-8 (checked natively) costs one
 * `isUtf8` and one `indexOf`; only a chunk with invalid bytes is walked byte by byte.
 */
export function createUtf8Check(onFault: (fault: Utf8Fault) => void): ChunkDecoder {
  let carry: Buffer = Buffer.alloc(0);
  let offset = 0;
  return {
    decode(chunk) {
      const joined = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const tail = incompleteUtf8Tail(joined);
      const whole = joined.subarray(0, joined.length - tail);
      if (isUtf8(whole)) literalReplacements(whole, offset, onFault);
      else scanUtf8(whole, offset, onFault);
      offset += whole.length;
      carry = Buffer.from(joined.subarray(joined.length - tail));
      return chunk;
    },
    flush() {
      // A sequence cut off by the end of the file.
      if (carry.length) scanUtf8(carry, offset, onFault);
      return undefined;
    },
  };
}

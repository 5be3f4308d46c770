import { isUtf8 } from 'node:buffer';
import { incompleteUtf8Tail, type CsvEncoding } from './detect-encoding.js';
import { literalReplacements, scanUtf8, type Utf8Fault } from '../utf8-faults.js';
import { decodeText } from './decode-text.js';

/** Turns the file's bytes, chunk by chunk, into the UTF-8 bytes csv-parse reads. */
export interface ChunkDecoder {
  decode(chunk: Buffer): Buffer;
  /** Whatever the decoder still holds at the end of the file (a split UTF-16 unit), if anything. */
  flush(): Buffer | undefined;
}

/**
 * Decodes a file in any encoding but UTF-8 chunk by chunk into UTF-8. `stream: true` keeps a
 * character split across chunks intact (a UTF-16 unit or surrogate pair, a Shift_JIS or GBK pair).
 */
export function createDecoder(encoding: CsvEncoding): ChunkDecoder {
  if (encoding === 'windows-1252' || encoding === 'iso-8859-16') {
    // Our own tables (decode-text.ts); single-byte: no state across chunks.
    return {
      decode: (chunk) => Buffer.from(decodeText(chunk, encoding), 'utf8'),
      flush: () => undefined,
    };
  }
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

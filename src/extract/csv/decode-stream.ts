import { isUtf8 } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';
import { incompleteUtf8Tail, type CsvEncoding } from './detect-encoding.js';
import { decodeWindows1252 } from './windows-1252.js';

/**
 * Decodes a single-byte or UTF-16 file chunk by chunk into UTF-8 for csv-parse.
 * `stream: true` keeps a UTF-16 code unit or surrogate pair split across chunks intact.
 */
export function createDecoder(encoding: Exclude<CsvEncoding, 'utf-8'>): Transform {
  if (encoding === 'windows-1252') {
    // Single-byte: no state across chunks.
    return new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        callback(null, Buffer.from(decodeWindows1252(chunk), 'utf8'));
      },
    });
  }
  const decoder = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      callback(null, Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8'));
    },
    flush(callback: TransformCallback) {
      const rest = decoder.decode();
      callback(null, rest ? Buffer.from(rest, 'utf8') : undefined);
    },
  });
}

/**
 * Passes UTF-8 bytes through untouched (csv-parse decodes them faster than we could) and reports
 * once, with the byte offset, when the file stops being valid UTF-8 after the sampled start.
 */
export function createUtf8Check(onInvalid: (byteOffset: number) => void): Transform {
  let carry: Buffer = Buffer.alloc(0);
  let offset = 0;
  let reported = false;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      if (!reported) {
        const joined = carry.length ? Buffer.concat([carry, chunk]) : chunk;
        const tail = incompleteUtf8Tail(joined);
        const whole = joined.subarray(0, joined.length - tail);
        if (!isUtf8(whole)) {
          reported = true;
          onInvalid(offset);
        }
        offset += whole.length;
        carry = Buffer.from(joined.subarray(joined.length - tail));
      }
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      if (!reported && carry.length) onInvalid(offset);
      callback();
    },
  });
}

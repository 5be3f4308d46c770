import type { CsvEncoding } from './encoding-labels.js';
import { decodeIso885916 } from './iso-8859-16.js';
import { decodeWindows1252 } from './windows-1252.js';

/** Whole bytes as text in `encoding`: our own tables where Node 20's TextDecoder is wrong or absent. */
export function decodeText(bytes: Uint8Array, encoding: CsvEncoding): string {
  if (encoding === 'utf-8')
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  if (encoding === 'iso-8859-16') return decodeIso885916(bytes);
  return new TextDecoder(encoding).decode(bytes);
}

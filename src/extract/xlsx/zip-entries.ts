import { createReadStream } from 'node:fs';
import { pipeline, Readable, Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { readBytes } from '../file-access.js';
import { count, DEFAULT_INPUT_LIMITS, InputLimitError } from '../input-limits.js';

/** One file inside a zip, from the central directory. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** As the central directory declares it: a hostile file may lie, so inflating counts too. */
  uncompressedSize: number;
  localHeaderOffset: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

/**
 * The entries of a zip file (an .xlsx), read from its central directory at the end of the file.
 * Only what xlsx files need: no ZIP64, stored or deflated entries. Undefined when unreadable.
 */
export async function listZipEntries(file: string, size: number): Promise<ZipEntry[] | undefined> {
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readBytes(file, tailLength, size - tailLength);
  let end = -1;
  for (let i = tail.length - 22; i >= 0 && end < 0; i--)
    if (tail.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) end = i;
  if (end < 0) return undefined;
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directory = await readBytes(file, directorySize, tail.readUInt32LE(end + 16));
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let n = 0; n < count && at + 46 <= directory.length; n++) {
    if (directory.readUInt32LE(at) !== CENTRAL_FILE_HEADER) return undefined;
    const nameLength = directory.readUInt16LE(at + 28);
    entries.push({
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return entries;
}

const ENTRY_CHUNK_BYTES = 1024 * 1024;

/**
 * The uncompressed bytes of one entry as a stream, which fails with an InputLimitError once more
 * than `maxBytes` came out (a deflate bomb inflates ~1000:1 and the declared size proves nothing).
 */
export async function openZipEntry(
  file: string,
  entry: ZipEntry,
  maxBytes: number = DEFAULT_INPUT_LIMITS.maxInflatedBytes,
): Promise<Readable | undefined> {
  const header = await readBytes(file, 30, entry.localHeaderOffset);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_FILE_HEADER) return undefined;
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  // An empty part (createReadStream refuses an end before its start).
  if (entry.compressedSize === 0) return Readable.from([]);
  // Big chunks: a whole sheet is read this way (merged-ranges.ts) beside exceljs's own reading,
  // and each 16-64 KB chunk is a callback on the main thread (~40 ms of it on a 20k-row sheet).
  const raw = createReadStream(file, {
    start,
    end: start + entry.compressedSize - 1,
    highWaterMark: ENTRY_CHUNK_BYTES,
  });
  if (entry.method === 0) return raw;
  if (entry.method !== 8) return undefined;
  const inflate = createInflateRaw({ chunkSize: ENTRY_CHUNK_BYTES });
  let inflated = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflated += chunk.length;
      if (inflated > maxBytes) done(tooBig(file, entry, maxBytes, 'more than'));
      else done(null, chunk);
    },
  });
  // pipeline: an error anywhere, or the reader stopping early, closes the file and the inflater.
  // Errors reach the reader through `bounded`; the callback only keeps them from being unhandled.
  return pipeline(raw, inflate, bounded, () => undefined);
}

/** `size` is the declared size, or 'more than' when inflating went past the limit. */
export function tooBig(
  file: string,
  entry: ZipEntry,
  limit: number,
  size: number | 'more than',
): InputLimitError {
  const what =
    size === 'more than' ? `more than ${count(limit)}` : `${count(size)} bytes, more than ${count(limit)}`;
  return new InputLimitError(
    file,
    'maxInflatedBytes',
    `part ${entry.name} inflates to ${what}${size === 'more than' ? ' bytes' : ''}`,
  );
}

/** A small entry (workbook.xml, rels) as text. */
export async function readZipText(
  file: string,
  entry: ZipEntry | undefined,
  maxBytes: number = DEFAULT_INPUT_LIMITS.maxInflatedBytes,
): Promise<string | undefined> {
  if (!entry) return undefined;
  const stream = await openZipEntry(file, entry, maxBytes);
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

import { createReadStream } from 'node:fs';
import { pipeline, Readable, Transform } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import { InvalidInputError } from '../../errors.js';
import { readBytes } from '../file-access.js';
import { count, DEFAULT_INPUT_LIMITS, InputLimitError } from '../input-limits.js';

/** One file inside a zip, from the central directory. */
export interface ZipEntry {
  name: string;
  method: number;
  /** CRC-32 of the uncompressed bytes, as the central directory records it. */
  crc32: number;
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
      crc32: directory.readUInt32LE(at + 16),
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
 * than `maxBytes` came out (a deflate bomb inflates ~1000:1 and the declared size proves nothing),
 * and with an InvalidInputError at its end when the bytes are not the ones the zip recorded
 * (checkedBytes). A reader that stops early checks nothing: every part is read whole once.
 */
export async function openZipEntry(
  file: string,
  entry: ZipEntry,
  maxBytes: number = DEFAULT_INPUT_LIMITS.maxInflatedBytes,
): Promise<Readable | undefined> {
  const header = await readBytes(file, 30, entry.localHeaderOffset);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_FILE_HEADER) return undefined;
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.method !== 0 && entry.method !== 8) return undefined;
  // An empty part (createReadStream refuses an end before its start).
  if (entry.compressedSize === 0) {
    const empty = Readable.from([]);
    return pipeline(empty, checkedBytes(file, entry, maxBytes), () => undefined);
  }
  // Big chunks: a whole sheet is read this way twice (merged-ranges.ts, then sheet-row-batches.ts),
  // and each 16-64 KB chunk is a callback on the main thread (~40 ms of it on a 20k-row sheet).
  const raw = createReadStream(file, {
    start,
    end: start + entry.compressedSize - 1,
    highWaterMark: ENTRY_CHUNK_BYTES,
  });
  // pipeline: an error anywhere, or the reader stopping early, closes the file and the inflater.
  // Errors reach the reader through the last stream; the callback only keeps them from being unhandled.
  if (entry.method === 0) return pipeline(raw, checkedBytes(file, entry, maxBytes), () => undefined);
  const inflate = createInflateRaw({ chunkSize: ENTRY_CHUNK_BYTES });
  return pipeline(raw, inflate, checkedBytes(file, entry, maxBytes), () => undefined);
}

/**
 * Passes a part's uncompressed bytes on while counting them against `maxBytes` and computing their
 * CRC-32; at the end, both must be what the central directory records. A stored part with one
 * digit changed (3.50 -> 9.50) has the size it should and another CRC: it is refused, as
 * Excel and Python's zipfile refuse it, instead of going live.
 */
function checkedBytes(file: string, entry: ZipEntry, maxBytes: number): Transform {
  let size = 0;
  let crc = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(tooBig(file, entry, maxBytes, 'more than'));
        return;
      }
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      if (size !== entry.uncompressedSize)
        done(
          damaged(
            file,
            entry,
            `it holds ${count(size)} bytes, the zip records ${count(entry.uncompressedSize)}`,
          ),
        );
      else if (crc >>> 0 !== entry.crc32 >>> 0)
        done(damaged(file, entry, `its CRC-32 is ${hex(crc)}, the zip records ${hex(entry.crc32)}`));
      else done();
    },
  });
}

const hex = (crc: number): string => `0x${(crc >>> 0).toString(16).padStart(8, '0')}`;

function damaged(file: string, entry: ZipEntry, what: string): InvalidInputError {
  return new InvalidInputError(
    `${file}: part ${entry.name} is damaged: ${what} (changed or cut after it was written)`,
    { hint: 'Export the workbook again.' },
  );
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

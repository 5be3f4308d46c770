import { closeSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { InvalidInputError } from '../errors.js';
import { count, DEFAULT_INPUT_LIMITS, inputLimits, InputLimitError } from './input-limits.js';
import type { ReadOptions } from './types.js';

/** Turns fs errors into one clear line naming the file (the user typed the path, so it is their error). */
export function inputError(file: string, cause: unknown): InvalidInputError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const reason =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'it is a directory'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : cause instanceof Error
            ? cause.message
            : String(cause);
  return new InvalidInputError(`Cannot read input file ${file}: ${reason}`, { cause });
}

/** The file's stat, or undefined when it cannot be read (a detail of a report, never an error). */
export function statQuietly(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Checks the input is a regular file of at most `maxBytes` before any stream is opened: a device
 * (/dev/zero), a FIFO or a socket would be read forever or block, so they are refused by type.
 */
export async function assertReadableFile(
  file: string,
  maxBytes: number = DEFAULT_INPUT_LIMITS.maxInputBytes,
): Promise<number> {
  let info;
  try {
    info = statSync(file);
  } catch (error) {
    throw inputError(file, error);
  }
  if (info.isDirectory()) throw inputError(file, Object.assign(new Error('directory'), { code: 'EISDIR' }));
  if (!info.isFile()) {
    throw new InvalidInputError(
      `Cannot read input file ${file}: not a regular file (a device, pipe or socket)`,
      { hint: 'inputs are exported files; copy the data to a file first' },
    );
  }
  if (info.size > maxBytes)
    throw new InputLimitError(
      file,
      'maxInputBytes',
      `${count(info.size)} bytes, more than ${count(maxBytes)}`,
    );
  return info.size;
}

/**
 * Reads up to `length` bytes from `position`: enough to sniff the format or detect an encoding
 * without holding a large file in memory. Synchronous inside, as the CSV chunks are
 * (file-batches.ts): a read of at most a few dozen KB of a local file takes microseconds, where
 * open, read and close through fs/promises are three thread-pool round trips, per input per run.
 */
export async function readBytes(file: string, length: number, position = 0): Promise<Buffer> {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buffer = Buffer.alloc(length);
    const bytesRead = readSync(fd, buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } catch (error) {
    throw inputError(file, error);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A whole input (a JSON document, an HTML page) as bytes, once it is known to be a file within the limit. */
export async function readWholeInput(file: string, options: ReadOptions): Promise<Buffer> {
  await assertReadableFile(file, inputLimits(options.limits).maxInputBytes);
  try {
    return await readFile(file);
  } catch (error) {
    throw inputError(file, error);
  }
}

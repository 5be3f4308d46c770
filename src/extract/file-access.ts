import { open, stat } from 'node:fs/promises';
import { InvalidInputError } from '../errors.js';

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

/** Checks the input is a readable regular file before any stream is opened. */
export async function assertReadableFile(file: string): Promise<number> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    return info.size;
  } catch (error) {
    throw inputError(file, error);
  }
}

/**
 * Reads up to `length` bytes from `position`: enough to sniff the format or detect an encoding
 * without holding a large file in memory.
 */
export async function readBytes(file: string, length: number, position = 0): Promise<Buffer> {
  let handle;
  try {
    handle = await open(file, 'r');
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } catch (error) {
    throw inputError(file, error);
  } finally {
    await handle?.close();
  }
}

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { UsageError } from '../errors.js';
import type { SettingNames } from '../model/setting-names.js';
import { checkNumber, NUMBER_RANGES } from './number-ranges.js';

/** Node's timers hold at most 2^31-1 ms (~24.8 days); a day is far below that and far above need. */
export const MAX_SECONDS = 86_400;

export { checkBaseUrl } from '../platform/menu-address.js';

/** Retry and timeout numbers, whichever source gave them; messages name them as the caller does. */
export function checkConnectionNumbers(
  values: { maxAttempts: number; maxRetryTime: number; timeout: number },
  names: Pick<SettingNames, 'maxAttempts' | 'maxRetryTime' | 'timeout'>,
): void {
  checkNumber(names.maxAttempts, values.maxAttempts, NUMBER_RANGES.maxAttempts);
  if (!(values.maxRetryTime >= 0 && values.maxRetryTime <= MAX_SECONDS))
    throw new UsageError(
      `${names.maxRetryTime} must be 0 to ${MAX_SECONDS} seconds (a day), got ${values.maxRetryTime}`,
    );
  // Requests are timed in whole milliseconds: below one, every request would time out at once.
  if (!(values.timeout >= 0.001 && values.timeout <= MAX_SECONDS))
    throw new UsageError(
      `${names.timeout} must be at least 0.001 (one millisecond) and at most ${MAX_SECONDS} seconds (a day), got ${values.timeout}`,
    );
}

/** A client secret is a line of text; a file named as one is read only if it is small and regular. */
export const MAX_SECRET_FILE_BYTES = 64 * 1024;

/**
 * The client secret file's text, trimmed. Refuses a device (/dev/zero would be read forever) or a
 * large file by what fstat says of the opened handle; errors name the file and the reason only.
 */
export function readSecretFile(file: string, name = 'client_secret_file'): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const info = fstatSync(fd);
    if (!info.isFile()) throw new UsageError(`cannot read ${name} ${file}: not a regular file`);
    if (info.size > MAX_SECRET_FILE_BYTES)
      throw new UsageError(
        `cannot read ${name} ${file}: ${info.size} bytes, more than a secret file may have (${MAX_SECRET_FILE_BYTES})`,
      );
    const buffer = Buffer.alloc(info.size);
    const read = readSync(fd, buffer, 0, info.size, 0);
    return buffer.toString('utf8', 0, read).trim();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${name} ${file}: ${(error as NodeJS.ErrnoException).code}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

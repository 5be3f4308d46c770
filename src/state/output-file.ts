import { open, stat } from 'node:fs/promises';
import { UsageError } from '../errors.js';
import { writeFileAtomic, type FileContent } from './atomic-write.js';

/**
 * How an output the user named (`--out`, `--out-json`, ...) is written. A regular file, or none
 * yet: whole or not at all (temp file, then renamed over it). A FIFO: in place, since a reader is
 * waiting on it and the rename would put a JSON file where the pipe was. Anything else (a device
 * such as /dev/full, a socket) is refused: as root the rename replaced the device node itself.
 */
export type OutputWay = 'replace' | 'in-place';

/** The way `file` is written; throws a UsageError (exit 2) naming the option for a device or socket. */
export async function outputWay(file: string, option: string): Promise<OutputWay> {
  const info = await stat(file).catch(() => undefined);
  if (info === undefined || info.isFile()) return 'replace';
  if (info.isFIFO()) return 'in-place';
  if (info.isDirectory()) throw new UsageError(`Cannot write ${option} ${file}: it is a directory`);
  const what = info.isSocket() ? 'a socket' : 'a device';
  throw new UsageError(`Cannot write ${option} ${file}: it is ${what}, not a regular file or a FIFO`);
}

/** Writes an output as outputWay says (the check repeats here: the path may have changed since). */
export async function writeOutputFile(
  file: string,
  content: FileContent,
  option: string,
  { durable = false }: { durable?: boolean } = {},
): Promise<void> {
  if ((await outputWay(file, option)) === 'replace') return writeFileAtomic(file, content, { durable });
  const handle = await open(file, 'w');
  try {
    for (const piece of typeof content === 'string' || content instanceof Uint8Array ? [content] : content)
      await handle.writeFile(piece, typeof piece === 'string' ? 'utf8' : undefined);
  } finally {
    await handle.close();
  }
}

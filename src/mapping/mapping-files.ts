import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { InvalidInputError, UsageError } from '../errors.js';

/**
 * Mappings, the files their parameters name and config files are small YAML/JSON documents. A
 * device (/dev/zero) or a huge file named as one would hang or exhaust memory; refused by type and
 * size, without reading more than the limit.
 */
export const MAX_MAPPING_FILE_BYTES = 4 * 1024 * 1024;

/** Reads a regular file of at most `maxBytes` as UTF-8; `what` names it in errors ("mapping"). */
export async function readSmallTextFile(
  file: string,
  what: string,
  maxBytes: number = MAX_MAPPING_FILE_BYTES,
): Promise<string> {
  let handle;
  try {
    handle = await open(file, 'r');
    const info = await handle.stat();
    if (!info.isFile()) {
      throw new InvalidInputError(
        `cannot read the ${what} ${file}: ${info.isDirectory() ? 'it is a directory' : 'not a regular file'}`,
      );
    }
    if (info.size > maxBytes) {
      throw new InvalidInputError(
        `cannot read the ${what} ${file}: ${info.size.toLocaleString('en-US')} bytes, more than the ${maxBytes.toLocaleString('en-US')} a ${what} may have`,
      );
    }
    // Read through the handle whose type was checked: the path cannot be swapped in between.
    const buffer = Buffer.alloc(info.size);
    const { bytesRead } = await handle.read(buffer, 0, info.size, 0);
    return buffer.toString('utf8', 0, bytesRead);
  } finally {
    await handle?.close();
  }
}

/** Where the files a mapping's parameters name must be: the folder of whoever set the value. */
export interface ParamFileRoots {
  /** For a parameter's `default`: the mapping's own folder. */
  defaults: string;
  /** For a value given with --param: the mapping's folder (the working directory for a shipped mapping). */
  given: string;
  /** Values set elsewhere (a config target's params: the config's folder), by parameter name. */
  byName?: Readonly<Record<string, string>>;
}

/**
 * The file a parameter names, resolved against its root and required to stay inside it (after
 * following symbolic links): a mapping is data and must not make the tool read /etc/shadow.
 * A missing file is reported as missing, not as outside.
 */
export async function resolveParamFile(
  name: string,
  value: string,
  isGiven: boolean,
  roots: ParamFileRoots,
): Promise<string> {
  const root = path.resolve(roots.byName?.[name] ?? (isGiven ? roots.given : roots.defaults));
  const outside = () =>
    new UsageError(`parameter ${name} names ${value}, which is outside ${root}`, {
      hint: `files named by a mapping or its parameters must be inside ${root} (the folder of the mapping, or of the config file that sets the parameter)`,
    });
  const file = path.resolve(root, value);
  if (!isInside(root, file)) throw outside();
  let real: string;
  try {
    real = await realpath(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new UsageError(
      `parameter ${name} names ${value}, which cannot be read: ${code === 'ENOENT' ? 'no such file' : code}`,
    );
  }
  const realRoot = await realpath(root).catch(() => root);
  if (!isInside(realRoot, real)) throw outside();
  return real;
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return (
    relative !== '' &&
    relative !== '..' &&
    !relative.startsWith(`..${path.sep}`) &&
    !path.isAbsolute(relative)
  );
}

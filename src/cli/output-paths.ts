import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { outputWay } from '../state/output-file.js';

/** A file a command will write (`--out-json r.json`), or one it reads (`--input menu.csv`). */
export interface NamedPath {
  /** The option that names it, as the user typed it: `--out-html`, `--input`, `the config file`. */
  option: string;
  file: string;
}

export interface OutputPathChecks {
  /**
   * Whether a process may create files in `dir`. fs.access(W_OK) by default; replaceable because
   * root passes every permission check, so a test running as root cannot see a refusal for real.
   */
  canWrite?: (dir: string) => Promise<boolean>;
}

/**
 * Checks, before anything is read or sent, that every output can be written: its directory
 * exists and is writable, the path is a regular file, a FIFO or nothing yet, it is not one of the inputs or inside the
 * state directory, and no two outputs are the same file. A report that cannot be written after the
 * import went out made a successful apply look like a platform failure; an `--out` that is the
 * export being read destroyed it. Paths are compared by real path, so `./x/../a.csv` or a symlink
 * to an input is caught. Throws a UsageError (exit 2) naming the option and the file.
 */
export async function checkOutputPaths(
  outputs: readonly NamedPath[],
  reads: { inputs: readonly NamedPath[]; stateDir?: string; stateDirs?: readonly string[] },
  checks: OutputPathChecks = {},
): Promise<void> {
  if (outputs.length === 0) return;
  const canWrite = checks.canWrite ?? writableDir;
  const inputs = await Promise.all(
    reads.inputs.map(async (input) => ({ ...input, real: await realFile(input.file) })),
  );
  const stateDirs = await Promise.all(
    [...(reads.stateDir !== undefined ? [reads.stateDir] : []), ...(reads.stateDirs ?? [])].map(
      async (dir) => ({
        dir,
        real: await realFile(dir),
      }),
    ),
  );
  const seen = new Map<string, NamedPath>();
  for (const output of outputs) {
    const real = await checkOne(output, canWrite);
    const input = inputs.find((candidate) => candidate.real === real);
    if (input) refuse(output, `it is ${input.option} ${input.file}, which this run reads`);
    const state = stateDirs.find((candidate) => isInside(real, candidate.real));
    if (state) refuse(output, `it is inside the state directory ${state.dir}, which menusync manages`);
    const other = seen.get(real);
    if (other) refuse(output, `${other.option} names the same file`);
    seen.set(real, output);
  }
}

/** The real path the output will have; throws when it cannot be written. */
async function checkOne(output: NamedPath, canWrite: (dir: string) => Promise<boolean>): Promise<string> {
  const absolute = path.resolve(output.file);
  const dir = path.dirname(absolute);
  const dirInfo = await stat(dir).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') refuse(output, `no such directory (${dir})`);
    if (code === 'ENOTDIR') refuse(output, `a part of the path is not a directory (${dir})`);
    refuse(output, `its directory cannot be read, ${code ?? 'unknown error'} (${dir})`);
  });
  if (!dirInfo.isDirectory()) refuse(output, `${dir} is not a directory`);
  // A device or socket is refused; a FIFO is written in place (writeOutputFile).
  await outputWay(output.file, output.option);
  if (!(await canWrite(dir))) refuse(output, `permission denied: its directory is not writable (${dir})`);
  return realFile(absolute);
}

function refuse(output: NamedPath, why: string): never {
  // One line (cron mails it): the option, the path and why; nothing has been read or sent yet.
  throw new UsageError(`Cannot write ${output.option} ${output.file}: ${why}`);
}

async function writableDir(dir: string): Promise<boolean> {
  try {
    await access(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The real path of a file, or of the file a path would create: an existing file's own real path
 * (symlinks resolved), else its folder's real path joined with its name.
 */
async function realFile(file: string): Promise<string> {
  const absolute = path.resolve(file);
  try {
    return await realpath(absolute);
  } catch {
    const dir = await realpath(path.dirname(absolute)).catch(() => path.dirname(absolute));
    return path.join(dir, path.basename(absolute));
  }
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative));
}

import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { ExitCode, UsageError } from '../../errors.js';
import { extractMenu } from '../../mapping/extract-menu.js';
import { issueReport, summaryLine } from '../../mapping/issue-summary.js';
import { noteLines } from '../../mapping/notes.js';
import type { ExtractResult } from '../../mapping/types.js';
import { checkOutputPaths, type NamedPath } from '../output-paths.js';
import { resolveInputLimits } from '../../config/settings/resolve.js';
import { limitsFromFlags, type InputLimitArgs } from '../input-limit-options.js';
import { FLAG_NAMES } from '../setting-flags.js';
import { parseNow } from '../now-option.js';
import { jsonPieces, type JsonPiece } from '../json-pieces.js';
import { writePieces } from '../piece-writer.js';
import { createOutput, type Output } from '../output.js';
import { mappingReads, paramReads } from '../run-paths.js';
import { countOf } from '../../plural.js';
import { outputWay } from '../../state/output-file.js';
import { createProgress } from '../progress.js';
import { RESERVED_KEY, withoutPrototype } from '../../model/named-record.js';

export interface ExtractArgs extends InputLimitArgs {
  mapping: string;
  input: string[];
  param?: string[];
  out?: string;
  quiet?: boolean;
  encoding?: string;
  now?: string;
}

/** `--param store=Main` (repeatable) to a record; a value may itself contain "=". */
export function parseParams(list: readonly string[] | undefined): Record<string, string> {
  const params = withoutPrototype<string>({});
  for (const item of list ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`--param takes name=value, got "${item}"`);
    const name = item.slice(0, eq).trim();
    if (name === RESERVED_KEY) throw new UsageError(`--param: "${RESERVED_KEY}" cannot be a parameter name`);
    params[name] = item.slice(eq + 1);
  }
  return params;
}

/** An Output for commands whose --quiet keeps the problems (warn, error) and drops the info lines. */
export function problemOutput(quiet: boolean | undefined): Output {
  const out = createOutput();
  return quiet === true ? { ...out, quiet: true, info: () => undefined } : out;
}

/** Summary and every problem (no cap: a hidden problem is a dropped row) on stderr; data never goes there. */
export function printResult(result: ExtractResult, out: Output): void {
  out.info(summaryLine(result));
  for (const line of noteLines(result.notes)) out.info(line);
  for (const line of issueReport(result.issues)) {
    if (line.startsWith('error')) out.error(line);
    else out.warn(line);
  }
}

function fsReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such directory';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Checks an --out path can be written before any work is done, so a typo fails in one line
 * instead of after a long extract (and before anything claims success), and that it is not one
 * of the files read (`extract --out` once overwrote the export it read).
 */
export async function assertOutPath(file: string, reads: readonly NamedPath[] = []): Promise<void> {
  await checkOutputPaths([{ option: '--out', file }], { inputs: reads });
}

/**
 * Writes then renames, so a reader never sees half a file (a FIFO is written in place); fs failures
 * name the path in one line.
 * `text` may come in pieces (json-pieces.ts), written as they come so it is never whole in memory.
 */
export async function writeOutFile(file: string, text: string | Iterable<JsonPiece>): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  // A FIFO is written in place (a reader waits on it); a device is refused (outputWay).
  const inPlace = (await outputWay(file, '--out')) === 'in-place';
  try {
    const handle = await open(inPlace ? file : tmp, 'w');
    try {
      await writePieces(handle, typeof text === 'string' ? [text] : text);
    } finally {
      await handle.close();
    }
    if (!inPlace) await rename(tmp, file);
  } catch (error) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw new UsageError(`Cannot write --out ${file}: ${fsReason(error)}`, { cause: error });
  }
}

/** The menu as `extract` prints it (JSON.stringify(menu, null, 2) and a newline), in pieces. */
function* menuJson(menu: unknown): Generator<JsonPiece> {
  yield* jsonPieces(menu);
  yield '\n';
}

/** `menusync extract`: the menu JSON to stdout or --out, its summary and problems to stderr. */
export async function runExtract(args: ExtractArgs): Promise<void> {
  const out = problemOutput(args.quiet);
  const params = parseParams(args.param);
  if (args.out)
    await assertOutPath(args.out, [...mappingReads(args.mapping, args.input), ...paramReads(params)]);
  // Its summary and problems go to stderr: with --quiet only problems, so no progress either.
  const progress = createProgress({ quiet: args.quiet === true });
  const result = await extractMenu({
    mapping: args.mapping,
    inputs: args.input,
    params,
    ...(args.encoding !== undefined ? { encoding: args.encoding } : {}),
    progress: progress.sink,
    limits: resolveInputLimits(limitsFromFlags(args), {}, FLAG_NAMES),
    ...parseNow(args.now),
    names: FLAG_NAMES,
  }).finally(progress.stop);
  if (result.stats.errors > 0) {
    printResult(result, out);
    out.error(
      `extract failed with ${countOf(result.stats.errors, 'error')}: nothing written${args.out ? ` to ${args.out}` : ''}`,
    );
    process.exitCode = ExitCode.invalid;
    return;
  }
  // Written before the summary, so a failed write never follows a success line.
  if (args.out) await writeOutFile(args.out, menuJson(result.menu));
  printResult(result, out);
  if (args.out) out.info(`menu written to ${args.out}`);
  else out.data(`${JSON.stringify(result.menu, null, 2)}\n`);
  process.exitCode = ExitCode.ok;
}
